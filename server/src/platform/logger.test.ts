import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

it('keeps no session token nor signed link in the request log', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions({ LOG_LEVEL: 'info' }), stream } });
  app.get('/api/files/avatars/:userId/:name', async () => 'ok');
  await app.inject({
    method: 'GET',
    url: '/api/files/avatars/1/a.png?sig=1.2.3.L2FwaS8.SECRETMAC&size=2&token=SESSIONTOKEN',
    headers: { authorization: 'Bearer HEADERTOKEN' },
  });
  await app.close();
  const log = lines.join('');
  expect(log).toContain('/api/files/avatars/1/a.png?sig=[redacted]&size=2&token=[redacted]');
  for (const secret of ['SECRETMAC', 'SESSIONTOKEN', 'HEADERTOKEN']) expect(log).not.toContain(secret);
});
