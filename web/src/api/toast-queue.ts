/**
 * Toasts are debounced (SPEC section 8: 100 ms) and one shows at a time: a burst of failures,
 * say five parallel requests timing out, becomes one message, the last one asked for.
 * The "one at a time" half is antd's `maxCount: 1`; this is the debounce half.
 */
export interface ToastQueue<T> {
  push(toast: T): void;
  /** Drops a toast waiting for its turn (used when the session ends and a newer message matters). */
  cancel(): void;
}

export interface ToastQueueOptions<T> {
  debounceMs: number;
  show: (toast: T) => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createToastQueue<T>(options: ToastQueueOptions<T>): ToastQueue<T> {
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let pending: { toast: T } | null = null;
  let timer: unknown = null;

  return {
    push(toast) {
      pending = { toast };
      if (timer !== null) clearTimer(timer);
      timer = setTimer(() => {
        timer = null;
        const next = pending;
        pending = null;
        if (next) options.show(next.toast);
      }, options.debounceMs);
    },
    cancel() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      pending = null;
    },
  };
}
