import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LicenceInfo } from '@sightline/shared';
import { startTestServer, type TestServer } from '../../../test/harness.js';

// The vendor's tool makes the key pair; the server under test verifies with its public half.
const tool = await vi.hoisted(async () => {
  const { spawnSync: spawn } = await import('node:child_process');
  const { mkdtempSync, readFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const script = fileURLToPath(new URL('../../../../tools/licence/sign-licence.ts', import.meta.url));
  const keyDir = join(mkdtempSync(join(tmpdir(), 'sightline-licence-')), 'keys');
  const generated = spawn(process.execPath, ['--import', 'tsx', script, '--generate-keys', keyDir], {
    encoding: 'utf8',
  });
  if (generated.status !== 0) throw new Error(`key generation failed: ${generated.stderr}`);
  return { script, keyDir, publicKey: readFileSync(join(keyDir, 'licence-public-key.pem'), 'utf8') };
});
vi.mock('./licence-public-key.js', () => ({ LICENCE_PUBLIC_KEY: tool.publicKey }));

function runTool(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', tool.script, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

// The tool is checked against one database: what it makes is the same whatever stores the licence.
describe('tools/licence/sign-licence.ts', () => {
  let server: TestServer;
  let machineCode: string;
  const privateKey = () => path.join(tool.keyDir, 'licence-private-key.pem');

  beforeAll(async () => {
    server = await startTestServer('pglite', { LOCAL_MODE: 'true' });
    machineCode = (await server.call<LicenceInfo>('GET', '/api/license/info')).body.data.machineCode;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(path.dirname(tool.keyDir), { recursive: true, force: true });
  });

  it('writes a key pair, the private half readable by its owner only, and never over an existing one', () => {
    expect(fs.statSync(privateKey()).mode & 0o077).toBe(0);
    expect(tool.publicKey).toContain('BEGIN PUBLIC KEY');
    const again = runTool(['--generate-keys', tool.keyDir]);
    expect(again.status).not.toBe(0);
  });

  it('signs a licence that activates a server holding the public key', async () => {
    const signed = runTool([
      '--key',
      privateKey(),
      '--machine-code',
      machineCode.toLowerCase(),
      '--issued-to',
      'Tongji Inspection Lab',
      '--days',
      '365',
      '--function',
      'base:365',
      '--function',
      'monitoring:90',
    ]);
    expect(signed.stderr).toBe('');
    expect(signed.status).toBe(0);
    const response = await server.call<LicenceInfo>('POST', '/api/license/activate', {
      body: { licence: signed.stdout },
    });
    expect(response.body.code).toBe(2000);
    expect(response.body.data).toMatchObject({
      status: 'authorized',
      machineCode,
      issuedTo: 'Tongji Inspection Lab',
      functions: [
        { code: 'base', validityDays: 365, active: true },
        { code: 'monitoring', validityDays: 90, active: true },
      ],
    });
    expect((await server.call('POST', '/api/product-version/find/version')).body.code).toBe(2000);
  });

  it('reads the key from SIGHTLINE_LICENCE_PRIVATE_KEY and writes to --out', async () => {
    const out = path.join(path.dirname(tool.keyDir), 'customer.lic');
    const signed = runTool(
      ['--machine-code', machineCode, '--issued-to', 'Customer', '--expires', '2099-01-01', '--out', out],
      { SIGHTLINE_LICENCE_PRIVATE_KEY: privateKey() },
    );
    expect(signed.status).toBe(0);
    expect(signed.stdout).toBe('');
    const response = await server.call<LicenceInfo>('POST', '/api/license/activate', {
      body: { licence: fs.readFileSync(out, 'utf8') },
    });
    expect(response.body.data).toMatchObject({ status: 'authorized', expiresAt: '2099-01-01T00:00:00.000Z' });
  });

  it('refuses to sign without a key or with bad arguments, printing why', () => {
    const base = ['--machine-code', machineCode, '--issued-to', 'Customer', '--days', '30'];
    const noKey = runTool(base);
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toContain('no private key');
    for (const [args, reason] of [
      [['--key', privateKey(), '--machine-code', 'ABC', '--issued-to', 'Customer', '--days', '30'], '--machine-code'],
      [['--key', privateKey(), '--machine-code', machineCode, '--days', '30'], 'issuedTo'],
      [['--key', privateKey(), ...base, '--expires', '2099-01-01'], 'exactly one'],
      [['--key', privateKey(), ...base, '--function', 'base'], '<code>:<days>'],
      // The server's own rules: known function codes, at most 36500 days.
      [['--key', privateKey(), ...base, '--function', 'teleport:9'], 'functions.0.code'],
      [['--key', privateKey(), ...base, '--function', 'base:40000'], 'functions.0.validityDays'],
      [['--key', path.join(tool.keyDir, 'licence-public-key.pem'), ...base], 'cannot read the private key'],
    ] as const) {
      const result = runTool([...args]);
      expect(result.status, reason).toBe(2);
      // The usage text follows the reason and names every option, so only the reason counts.
      const [why] = result.stderr.split('\n\nUsage');
      expect(why, reason).toContain(reason);
    }
  });
});
