/**
 * Loads CesiumJS on demand, so its 4 MB of JavaScript is a separate chunk fetched only by pages that show 3D
 * (ARCHITECTURE.md section 4). Its workers, third-party WebAssembly, assets and widget styles are served from
 * `CESIUM_BASE_URL` (`<base>/cesium/`, copied there by vite-cesium-plugin.ts). No Cesium ion: no token, no request
 * leaves our origin.
 */
import type * as CesiumNs from 'cesium';

type CesiumModule = typeof CesiumNs;

declare global {
  interface Window {
    CESIUM_BASE_URL?: string;
  }
}

/** Where Cesium's static files are served: `window.CESIUM_BASE_URL` when a page set it, else `<base>/cesium/`. */
export function cesiumBaseUrl(): string {
  if (window.CESIUM_BASE_URL) return window.CESIUM_BASE_URL;
  // Vite replaces import.meta.env.BASE_URL at build time with the app's base path.
  const base = import.meta.env.BASE_URL || '/';
  return `${base.endsWith('/') ? base : `${base}/`}cesium/`;
}

let loading: Promise<CesiumModule> | undefined;

function addWidgetStyles(baseUrl: string): void {
  const href = new URL('Widgets/widgets.css', new URL(baseUrl, window.location.href)).href;
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.appendChild(link);
}

export function loadCesium(): Promise<CesiumModule> {
  loading ??= (async () => {
    // Cesium reads the base URL when it first resolves a module URL: set it before anything of Cesium runs.
    window.CESIUM_BASE_URL = cesiumBaseUrl();
    addWidgetStyles(window.CESIUM_BASE_URL);
    const cesium = await import('cesium');
    cesium.Ion.defaultAccessToken = '';
    return cesium;
  })().catch((error: unknown) => {
    loading = undefined; // a failed chunk load may succeed on the next attempt
    throw error;
  });
  return loading;
}
