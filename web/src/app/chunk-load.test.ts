import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-load';

describe('withChunkTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('passes a loaded module through', async () => {
    await expect(withChunkTimeout(Promise.resolve('module'))).resolves.toBe('module');
  });

  it('turns a failed import into a chunk-load error', async () => {
    const failed = withChunkTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const never = withChunkTimeout(new Promise(() => {}));
    const assertion = expect(never).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });

  it('recognises the browsers’ messages for missing chunks', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
