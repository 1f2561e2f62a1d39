import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastQueue } from './toast-queue';

describe('createToastQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a toast after the debounce delay', () => {
    const show = vi.fn();
    const queue = createToastQueue<string>({ debounceMs: 100, show });
    queue.push('timeout');
    vi.advanceTimersByTime(99);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledWith('timeout');
  });

  it('collapses a burst into one toast, the last one', () => {
    const show = vi.fn();
    const queue = createToastQueue<string>({ debounceMs: 100, show });
    queue.push('a');
    vi.advanceTimersByTime(50);
    queue.push('b');
    vi.advanceTimersByTime(50);
    queue.push('c');
    vi.advanceTimersByTime(100);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('c');
  });

  it('shows toasts that are further apart one after the other', () => {
    const show = vi.fn();
    const queue = createToastQueue<string>({ debounceMs: 100, show });
    queue.push('first');
    vi.advanceTimersByTime(150);
    queue.push('second');
    vi.advanceTimersByTime(150);
    expect(show.mock.calls).toEqual([['first'], ['second']]);
  });

  it('drops a waiting toast on cancel', () => {
    const show = vi.fn();
    const queue = createToastQueue<string>({ debounceMs: 100, show });
    queue.push('stale');
    queue.cancel();
    vi.advanceTimersByTime(500);
    expect(show).not.toHaveBeenCalled();
  });
});
