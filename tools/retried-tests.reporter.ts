/**
 * Prints the first error of every test that failed and then passed on its retry (`npm test` runs the integration
 * and browser steps with `--retry 1`): vitest's default reporter marks such a test but prints nothing of why its
 * first attempt failed, which is the thing to mend. Used beside the default reporter (tools/test.mjs).
 */
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state !== 'passed' || testCase.diagnostic()?.retryCount === 0 || !result.errors?.length) return;
    const [first] = result.errors;
    this.retried.push(
      [
        `${path.relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`,
        `  passed on retry ${testCase.diagnostic()?.retryCount}; the failed attempt's error:`,
        `  ${first?.stack ?? first?.message ?? String(first)}`.replaceAll('\n', '\n  '),
      ].join('\n'),
    );
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\nTests that passed only on a retry (${this.retried.length}):\n${this.retried.join('\n\n')}\n`);
  }
}
