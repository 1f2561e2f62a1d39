/// <reference types="vite/client" />
/**
 * Browser side of e2e/viewer.test.ts: the real viewer core in a bare page, driven by the test through
 * `window.sightline`. Built by Vite with the same Cesium plugin as the app.
 */
import { createViewer } from '../../web/src/viewer/viewer-core';
import type { ViewerApi } from '../../web/src/viewer/viewer-types';

declare global {
  interface Window {
    sightline?: ViewerApi;
    sightlineError?: string;
    sightlineTileErrors: string[];
    sightlineRenderErrors: string[];
  }
}

window.sightlineTileErrors = [];
window.sightlineRenderErrors = [];

const container = document.getElementById('viewer') as HTMLElement;
createViewer(container, {
  theme: 'dark',
  // SwiftShader renders on the CPU: multisampling would multiply the cost of every frame.
  msaaSamples: 1,
  onTileError: (url) => window.sightlineTileErrors.push(url),
  onRenderError: (error) => window.sightlineRenderErrors.push(String(error)),
}).then(
  (api) => {
    window.sightline = api;
  },
  (error: unknown) => {
    window.sightlineError = String(error);
  },
);
