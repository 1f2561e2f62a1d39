import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

/** POST /api/web/check-phone allows 30 calls a minute per client address. */
const PER_MINUTE = 30;

/** One more call than the limit allows, each claiming to come from another client. */
async function callsClaimingOtherClients(server: TestServer, remoteAddress: string) {
  const statuses: number[] = [];
  for (let index = 0; index <= PER_MINUTE; index += 1) {
    const response = await server.call('POST', '/api/web/check-phone', {
      query: { phone: '13800000000' },
      headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
      remoteAddress,
    });
    statuses.push(response.status);
  }
  return statuses;
}

// The address a request counts against is settled before any query, so one database shows it.
describe('trusted proxies', () => {
  it('by default believes no X-Forwarded-For: a made-up one does not escape the per-address limit', async () => {
    const server = await startTestServer('pglite');
    try {
      const statuses = await callsClaimingOtherClients(server, '203.0.113.7');
      expect(statuses.slice(0, PER_MINUTE).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('believes X-Forwarded-For from the proxies TRUST_PROXY names, and from nobody else', async () => {
    const server = await startTestServer('pglite', { TRUST_PROXY: '192.0.2.10, 203.0.113.0/24' });
    try {
      expect(new Set(await callsClaimingOtherClients(server, '203.0.113.7'))).toEqual(new Set([200]));
      expect((await callsClaimingOtherClients(server, '192.0.2.99')).at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('takes addresses and CIDR ranges in TRUST_PROXY and refuses anything else, a hop count included', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    for (const value of ['1', 'true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
