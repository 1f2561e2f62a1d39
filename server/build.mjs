// Bundles the server and our workspace packages into dist/; npm dependencies stay external.
import { build } from 'esbuild';
import fs from 'node:fs';

const rootPackage = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const buildId = `${rootPackage.version}+${Date.now().toString(36)}`;

const bundleOurPackages = {
  name: 'bundle-our-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sightline/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // The CPU worker threads load their own entry (src/platform/cpu), beside main.js.
  entryPoints: { main: 'src/main.ts', 'cpu-thread': 'src/cpu-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [bundleOurPackages],
  define: { 'process.env.SIGHTLINE_BUILD_ID': JSON.stringify(buildId) },
});
fs.writeFileSync('dist/build-id.txt', buildId);
console.log(`server built (${buildId})`);
