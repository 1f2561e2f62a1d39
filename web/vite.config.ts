import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cesiumPlugin } from './src/viewer/vite-cesium-plugin';

// The API server of `npm run dev` / `npm start`; override with SIGHTLINE_API_URL when it runs elsewhere.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const apiTarget = env.SIGHTLINE_API_URL ?? 'http://localhost:8080';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

export default defineConfig({
  plugins: [react(), cesiumPlugin()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd and react are one large vendor chunk by design; pages are split by route.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod-config.ts must run before any shared schema is built (see there); in zod's own chunk, which every
          // chunk holding a schema imports, it runs right after zod.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
});
