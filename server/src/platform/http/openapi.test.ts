import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { OPENAPI_PATH, normalizedOpenApi } from './openapi.js';

describe('OpenAPI drift check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing a route)', () => {
    const generated = normalizedOpenApi(server.app.swagger());
    const committed = fs.existsSync(OPENAPI_PATH) ? fs.readFileSync(OPENAPI_PATH, 'utf8') : '';
    expect(generated === committed, 'docs/openapi.json is out of date: run `npm run openapi`').toBe(true);
  });

  it('documents every route under /api with a summary', () => {
    const document = server.app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> };
    const undocumented = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => !operation.summary)
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(undocumented).toEqual([]);
  });
});
