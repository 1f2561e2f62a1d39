import type { NavigateFunction } from 'react-router';

/**
 * Lets code outside React (the API client's 4003/5012 handling, the event stream) navigate
 * through the router instead of reloading the page. Registered by <NavigationBridge>.
 */
let navigateFn: NavigateFunction | null = null;

export function registerNavigate(navigate: NavigateFunction | null): void {
  navigateFn = navigate;
}

export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  if (navigateFn) {
    void navigateFn(path, options);
    return;
  }
  if (options.replace) window.location.replace(path);
  else window.location.assign(path);
}
