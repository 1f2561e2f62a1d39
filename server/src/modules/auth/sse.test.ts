import { describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../../test/factories/user.js';
import { startTestServer } from '../../../test/harness.js';

describe('event stream', () => {
  it('delivers name:value events to the signed-in user and lets the server shut down with streams open', async () => {
    const server = await startTestServer('pglite');
    let closed = false;
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await buildSignedInUser(server.db);
      const response = await fetch(`${address}/api/sse/userConnect`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('data: connected:');
      server.bus.publish({ userId: user.id, name: 'notice', value: { title: 'hello' } });
      const next = new TextDecoder().decode((await reader.read()).value);
      expect(next).toBe('data: notice:{"title":"hello"}\n\n');
      await server.close();
      closed = true;
    } finally {
      if (!closed) await server.close();
    }
  });
});
