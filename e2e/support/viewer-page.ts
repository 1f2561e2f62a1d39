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
    /** Resolves after the next frames are drawn (the view renders on demand). */
    sightlineFrames: (count?: number) => Promise<void>;
  }
}

window.sightlineTileErrors = [];
window.sightlineRenderErrors = [];
window.sightlineFrames = async (count = 3) => {
  window.sightline?.requestRender();
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

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
