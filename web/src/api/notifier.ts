import { LIMITS } from '@sightline/shared';
import { createToastQueue } from './toast-queue';

export type ToastType = 'error' | 'warning' | 'success' | 'info';

interface Toast {
  type: ToastType;
  text: string;
}

/** The slice of antd's message API we use; registered from inside <App> so toasts follow the theme. */
export interface MessageApi {
  open(config: { type: ToastType; content: string }): unknown;
}

let messageApi: MessageApi | null = null;

export function registerMessageApi(api: MessageApi | null): void {
  messageApi = api;
}

const queue = createToastQueue<Toast>({
  debounceMs: LIMITS.toastDebounceMs,
  show(toast) {
    if (messageApi) messageApi.open({ type: toast.type, content: toast.text });
    else console.warn(toast.text);
  },
});

/** Shows a toast through the debounced queue (SPEC section 8). */
export function showToast(type: ToastType, text: string): void {
  queue.push({ type, text });
}

export function cancelPendingToast(): void {
  queue.cancel();
}
