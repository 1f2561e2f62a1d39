/**
 * Builds e2e/support/viewer-page.html with Vite and the app's Cesium plugin, into a temporary folder: the same
 * code path as the app's build (Cesium as a lazy chunk, its static files copied under cesium/).
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { cesiumPlugin } from '../../web/src/viewer/vite-cesium-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ViewerBuild {
  outDir: string;
  /** JavaScript files of the build with their sizes, to check that Cesium is a chunk of its own. */
  scripts: Array<{ file: string; bytes: number }>;
}

export async function buildViewerPage(): Promise<ViewerBuild> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-viewer-page-'));
  const output = await build({
    root: here,
    configFile: false,
    logLevel: 'warn',
    plugins: [cesiumPlugin()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      rollupOptions: { input: path.join(here, 'viewer-page.html') },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const scripts: ViewerBuild['scripts'] = [];
  for (const result of results) {
    if (!('output' in result)) continue;
    for (const chunk of result.output) {
      if (chunk.type === 'chunk') scripts.push({ file: chunk.fileName, bytes: chunk.code.length });
    }
  }
  // The plugin must have copied Cesium's static folders beside the page.
  const copied = await readdir(path.join(outDir, 'cesium'));
  return { outDir, scripts: scripts.length > 0 ? scripts : copied.map((file) => ({ file, bytes: 0 })) };
}
