/**
 * A small HTTP server for the viewer's browser test: the built test page, and the 3D Tiles samples from the
 * shared fixtures with the content types the model routes will use. Tiles demand a bearer token, which proves
 * the viewer sends its headers with every tile request.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { detectTilesetContentType } from '../../server/src/platform/archive/content-type';
import { cesiumContentType } from '../../web/src/viewer/vite-cesium-plugin';

export const VIEWER_TEST_TOKEN = 'e2e-viewer-token';

export interface ViewerServer {
  origin: string;
  /** Every request path, in order, with whether it carried the token. */
  requests: Array<{ path: string; status: number; authorized: boolean }>;
  close(): Promise<void>;
}

/** `root` joined with the request path, or null when the path would leave `root`. */
function inside(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

export async function startViewerServer(options: { pageDir: string; tilesDir: string }): Promise<ViewerServer> {
  const requests: ViewerServer['requests'] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const authorized = request.headers.authorization === `Bearer ${VIEWER_TEST_TOKEN}`;
    const finish = (status: number, file?: string, type?: string) => {
      requests.push({ path: url.pathname, status, authorized });
      if (!file) {
        response.writeHead(status).end();
        return;
      }
      response.writeHead(status, { 'Content-Type': type ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    };

    let file: string | null;
    let type: (file: string) => string;
    if (url.pathname.startsWith('/tiles/')) {
      if (!authorized) return finish(401);
      file = inside(options.tilesDir, url.pathname.slice('/tiles/'.length));
      type = detectTilesetContentType;
    } else {
      file = inside(options.pageDir, url.pathname === '/' ? 'viewer-page.html' : url.pathname);
      type = (f) => (f.endsWith('.html') ? 'text/html' : cesiumContentType(f));
    }
    if (!file) return finish(404);
    const target = file;
    stat(target).then(
      (info) => (info.isFile() ? finish(200, target, type(target)) : finish(404)),
      () => finish(404),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
