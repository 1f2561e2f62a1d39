/**
 * Serves and ships CesiumJS's static files (web workers, third-party WebAssembly, imagery and widget styles),
 * which Cesium loads at run time from `CESIUM_BASE_URL` rather than through imports. In dev they are served from
 * node_modules under `<base>cesium/`; a build copies them into `<outDir>/cesium/`. Used by web/vite.config.ts.
 */
import { createReadStream } from 'node:fs';
import { cp, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export const CESIUM_FOLDERS = ['Workers', 'ThirdParty', 'Assets', 'Widgets'] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.ktx2': 'image/ktx2',
  '.glb': 'model/gltf-binary',
};

export function cesiumContentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** `node_modules/cesium/Build/Cesium`, resolved from `root` the way the app's own import resolves it. */
export function cesiumBuildDir(root: string): string {
  const require = createRequire(path.join(root, 'package.json'));
  return path.join(path.dirname(require.resolve('cesium/package.json')), 'Build', 'Cesium');
}

/**
 * Resolves a request path below the served prefix to a file in one of the four folders, or null. Nothing outside
 * those folders can be reached (no `..`, no other files of the package).
 */
export function resolveCesiumFile(buildDir: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split('?')[0] ?? '');
  } catch {
    return null;
  }
  const relative = path.posix.normalize(decoded.replace(/^\/+/, ''));
  const [folder] = relative.split('/');
  if (relative.startsWith('..') || !(CESIUM_FOLDERS as readonly string[]).includes(folder ?? '')) return null;
  const file = path.join(buildDir, ...relative.split('/'));
  return file.startsWith(buildDir + path.sep) ? file : null;
}

/**
 * Knockout (bundled in Cesium's widgets) finds the global object with `this || (0, eval)("this")`; in an ES module
 * `this` is undefined, so it calls eval, which the server's Content-Security-Policy refuses (and then Cesium fails
 * to load). `globalThis` is the same object without eval.
 */
const KNOCKOUT_GLOBAL = 'this||(0,eval)("this")';

export function withoutKnockoutEval(code: string): string {
  return code.replace(KNOCKOUT_GLOBAL, 'globalThis');
}

export function cesiumPlugin(): Plugin {
  let config: ResolvedConfig;
  let buildDir: string;
  return {
    name: 'sightline-cesium',
    configResolved(resolved) {
      config = resolved;
      buildDir = cesiumBuildDir(resolved.root);
    },
    transform(code, id) {
      return /[\\/]knockout-[\d.]+\.js$/.test(id) ? withoutKnockoutEval(code) : null;
    },
    configureServer(server) {
      const prefix = `${config.base.replace(/\/?$/, '/')}cesium/`;
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? '';
        if (!url.startsWith(prefix)) return next();
        const file = resolveCesiumFile(buildDir, url.slice(prefix.length));
        if (!file) return next();
        stat(file).then(
          (info) => {
            if (!info.isFile()) return next();
            response.setHeader('Content-Type', cesiumContentType(file));
            response.setHeader('Content-Length', info.size);
            response.setHeader('Cache-Control', 'max-age=3600');
            createReadStream(file).pipe(response);
          },
          () => next(),
        );
      });
    },
    async writeBundle() {
      const target = path.resolve(config.root, config.build.outDir, 'cesium');
      await Promise.all(
        CESIUM_FOLDERS.map((folder) => cp(path.join(buildDir, folder), path.join(target, folder), { recursive: true })),
      );
    },
  };
}
