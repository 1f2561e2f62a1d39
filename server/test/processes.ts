import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** The API's address, once the process said it is running (not for workers). */
  baseUrl: string;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string>;
}

/**
 * Starts the server as an operator does with `env` over a quiet default, and waits for its start line: the API's
 * address, or the worker's line.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: { built?: boolean } = {},
): Promise<ServerProcess> {
  // `built`: the bundle `npm start` runs (server/dist), as benchmarks measure it; otherwise the sources through tsx.
  const entry = options.built
    ? [path.join(REPO_ROOT, 'server/dist/main.js')]
    : ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SIGHTLINE_SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const deadline = Date.now() + timeoutMs;
  let baseUrl = '';
  for (;;) {
    const port = /Sightline is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) {
      baseUrl = `http://127.0.0.1:${port}`;
      break;
    }
    if (output.includes('Sightline worker is running')) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, baseUrl, exited };
}

/** Ends a process started here (SIGTERM, then SIGKILL if it lingers), for afterAll. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** The `name:value` frames of an event stream, as the web reads them, with a way to wait for one. */
export async function readEventStream(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api/sse/userConnect`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  const events: Array<{ name: string; value: unknown }> = [];
  let buffer = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: ([^:]+):(.*)$/m.exec(frame);
        if (data?.[1] && data[2] !== undefined) events.push({ name: data[1], value: JSON.parse(data[2]) as unknown });
      }
      for (const wake of waiters) wake();
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      ended = true;
      for (const wake of waiters) wake();
    });
  return {
    events,
    /** Whether the server ended the stream (cleanly). */
    get ended() {
      return ended;
    },
    reading,
    async waitFor(predicate: (event: { name: string; value: unknown }) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (!events.some(predicate)) {
        if (ended) throw new Error(`the event stream ended first; got ${JSON.stringify(events)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return events.find(predicate)!;
    },
  };
}
