import { sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import type { FileLink } from '@sightline/shared';
import { describeOnEachDatabase, type TestServer } from '../../../test/harness.js';
import { buildProjectScene } from '../../../test/factories/project.js';
import { buildServedModel } from '../../../test/factories/project-model.js';
import { FILE_LINK_TTL_MS } from './file-links.js';

const tilesFolder = (projectId: number) => `/api/project-model/tiles/${projectId}/1/`;

async function linkFor(server: TestServer, token: string, folder: string) {
  const response = await server.call<FileLink>('GET', '/api/web/file-link', { token, query: { folder } });
  expect(response.body.code, response.body.msg).toBe(2000);
  return response.body.data;
}

/** A GET as an `<img>` or CesiumJS makes it: no header, the link's query after the URL. */
function fetchWithLink(server: TestServer, url: string, link: FileLink) {
  return server.app.inject({ method: 'GET', url: `${url}?${link.query}` });
}

describeOnEachDatabase('signed file links', (server) => {
  afterEach(() => vi.useRealTimers());

  async function servedModel() {
    const scene = await buildProjectScene(server().db);
    await buildServedModel(server().db, server().config.FILES_DIR, {
      teamId: scene.team.id,
      projectId: scene.projectId,
    });
    return scene;
  }

  it('open the files of one folder, without the session token in any URL, until they expire', async () => {
    const { team, projectId } = await servedModel();
    const link = await linkFor(server(), team.inspector.token, tilesFolder(projectId));
    expect(link.query).not.toContain(team.inspector.token);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThanOrEqual(FILE_LINK_TTL_MS - 1000);

    // The tileset and a tile CesiumJS derives from it, which keeps the tileset URL's query.
    const tileset = await fetchWithLink(server(), `${tilesFolder(projectId)}tileset.json`, link);
    expect(tileset.statusCode).toBe(200);
    expect(tileset.json()).toMatchObject({ root: { content: { uri: 'tiles/0.b3dm' } } });
    const tile = await fetchWithLink(server(), `${tilesFolder(projectId)}tiles/0.b3dm`, link);
    expect(tile.statusCode).toBe(200);
    expect(tile.rawPayload.length).toBe(64 * 1024);

    // The session token is no longer taken from a URL.
    const tokenInUrl = await server().app.inject({
      method: 'GET',
      url: `${tilesFolder(projectId)}tileset.json?token=${team.inspector.token}`,
    });
    expect(tokenInUrl.json()).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(link.expiresAt).getTime() + 1000);
    const expired = await fetchWithLink(server(), `${tilesFolder(projectId)}tileset.json`, link);
    expect(expired.json()).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
  });

  it('are refused outside their folder, altered, or for a folder no file route serves', async () => {
    const { team, projectId } = await servedModel();
    const other = await servedModel();
    const link = await linkFor(server(), team.owner.token, tilesFolder(projectId));
    const refused = [
      `${tilesFolder(other.projectId)}tileset.json`,
      `/api/project-model/tiles/${projectId}/2/tileset.json`,
      `${tilesFolder(projectId)}../../${other.projectId}/1/tileset.json`,
      `${tilesFolder(projectId)}%2e%2e/%2e%2e/${other.projectId}/1/tileset.json`,
    ];
    for (const url of refused) {
      const answer = await fetchWithLink(server(), url, link);
      expect(answer.json(), url).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
    }
    const [userId, sessionId, expires, folder, mac] = link.query.slice('sig='.length).split('.');
    const forged = [
      `${Number(userId) + 1}.${sessionId}.${expires}.${folder}.${mac}`,
      `${userId}.${sessionId}.${Number(expires) + 600}.${folder}.${mac}`,
      `${userId}.${sessionId}.${expires}.${Buffer.from('/api/project-model/tiles/').toString('base64url')}.${mac}`,
    ];
    for (const sig of forged) {
      const answer = await fetchWithLink(server(), `${tilesFolder(projectId)}tileset.json`, {
        query: `sig=${sig}`,
        expiresAt: '',
      });
      expect(answer.json(), sig).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
    }
    for (const folder of ['/api/web/', '/api/', '/api/project-model/', '/api/project-model/tiles']) {
      const answer = await server().call('GET', '/api/web/file-link', { token: team.owner.token, query: { folder } });
      expect(answer.body.code, folder).not.toBe(2000);
    }
  });

  it("follow their user's rights at each request: removed from the project, or signed out, the link is refused", async () => {
    const { team, projectId } = await servedModel();
    const url = `${tilesFolder(projectId)}tileset.json`;
    const link = await linkFor(server(), team.inspector.token, tilesFolder(projectId));
    expect((await fetchWithLink(server(), url, link)).statusCode).toBe(200);

    await server()
      .db.deleteFrom('project_members')
      .where('project_id', '=', projectId)
      .where('user_id', '=', team.inspector.id)
      .execute();
    expect((await fetchWithLink(server(), url, link)).statusCode).toBe(404);

    const viewerLink = await linkFor(server(), team.admin.token, tilesFolder(projectId));
    expect((await fetchWithLink(server(), url, viewerLink)).statusCode).toBe(200);
    await server().call('POST', '/api/web/logout', { token: team.admin.token });
    expect((await fetchWithLink(server(), url, viewerLink)).json()).toMatchObject({ code: 4003 });
  });

  it('sessions end at their absolute lifetime even while in use, links made from them too', async () => {
    const { team, projectId } = await servedModel();
    const link = await linkFor(server(), team.owner.token, tilesFolder(projectId));
    const maxAgeMs = server().config.SESSION_MAX_AGE_HOURS * 3600 * 1000;
    // Signed in long ago, used a moment ago (created_at is set by the database only, hence plain SQL).
    const signedInAt = (at: Date) =>
      sql`update sessions set created_at = ${at}, last_seen_at = now() where user_id = ${team.owner.id}`.execute(
        server().db,
      );
    await signedInAt(new Date(Date.now() - maxAgeMs - 60_000));
    const details = await server().call('GET', '/api/user-client/details', { token: team.owner.token });
    expect(details.body).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
    expect((await fetchWithLink(server(), `${tilesFolder(projectId)}tileset.json`, link)).json()).toMatchObject({
      code: 4003,
    });
    // A session one minute younger than the limit still works.
    await signedInAt(new Date(Date.now() - maxAgeMs + 60_000));
    expect((await server().call('GET', '/api/user-client/details', { token: team.owner.token })).body.code).toBe(2000);
  });
});
