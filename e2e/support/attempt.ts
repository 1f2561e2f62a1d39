/**
 * Names unique to a test's attempt, so a journey stays safe to retry (`npm test` runs the browser step with
 * `--retry 1`). A retry runs the failed `it` again on the server, team and database its first attempt used: a name
 * that attempt typed or seeded (a project, an inspection, a user's phone...) is taken by then. The first attempt uses
 * the base name, as a journey reads; a retry adds its number (" 2"), and the journey asserts the name it used.
 */
import { beforeEach } from 'vitest';

/** The running test's attempt: 0 for its first run, 1 for its first retry; undefined outside a tracked test. */
let attempt: number | undefined;

/**
 * Registers, inside a describe (browserSuite does it for its journeys), the hook that follows each test's attempt
 * for attemptName and attemptPhone.
 */
export function trackAttempts(): void {
  beforeEach(({ task }) => {
    attempt = task.result?.retryCount ?? 0;
  });
}

function currentAttempt(): number {
  if (attempt === undefined) throw new Error('attemptName outside a describe that called trackAttempts()');
  return attempt;
}

/** Whether the running test is a retry, for a step that puts back what its first attempt may have changed. */
export function isRetry(): boolean {
  return currentAttempt() > 0;
}

/**
 * `base` on a test's first attempt, `${base} 2` on its first retry, and so on; `separator` joins the number where a
 * space is refused (an account: 'zhaosite01' then 'zhaosite012').
 */
export function attemptName(base: string, separator = ' '): string {
  const current = currentAttempt();
  return current === 0 ? base : `${base}${separator}${current + 1}`;
}

/**
 * An 11-digit mobile number unique to the attempt: `base` on the first attempt; on a retry its fourth and fifth
 * digits carry the attempt's number ('13700000001' becomes '13701000001'): a file's bases should differ elsewhere.
 */
export function attemptPhone(base: string): string {
  const current = currentAttempt();
  return current === 0 ? base : `${base.slice(0, 3)}${String(current).padStart(2, '0')}${base.slice(5)}`;
}
