import net from 'node:net';
import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPGliteServer } from './pglite-session-queue.js';

/** A client that speaks the wire protocol message by message, so a test can stop in the middle of a sequence. */
class WireClient {
  private buffered = Buffer.alloc(0);
  private readonly socket: net.Socket;
  private wake: (() => void) | null = null;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.wake?.();
    });
  }

  static async connect(port: number): Promise<WireClient> {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const client = new WireClient(socket);
    const parameters = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + parameters.length, 0);
    startup.writeInt32BE(0x00030000, 4);
    socket.write(Buffer.concat([startup, parameters]));
    await client.readUntil('Z');
    return client;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** Reads messages up to and including the first of type `last`; returns them as [type, body] pairs. */
  async readUntil(last: string): Promise<Array<[string, Buffer]>> {
    const messages: Array<[string, Buffer]> = [];
    for (;;) {
      while (this.buffered.length >= 5 && this.buffered.length >= 1 + this.buffered.readInt32BE(1)) {
        const length = this.buffered.readInt32BE(1);
        const type = String.fromCharCode(this.buffered[0] ?? 0);
        messages.push([type, this.buffered.subarray(5, 1 + length)]);
        this.buffered = this.buffered.subarray(1 + length);
        if (type === last) return messages;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}
const cString = (text: string) => Buffer.from(`${text}\0`);
const int16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const parse = (sql: string) => message('P', cString(''), cString(sql), int16(0));
const bindText = (value: string) =>
  message(
    'B',
    cString(''),
    cString(''),
    int16(0),
    int16(1),
    int32(Buffer.byteLength(value)),
    Buffer.from(value),
    int16(0),
  );
const execute = () => message('E', cString(''), int32(0));
const flush = () => message('H');
const sync = () => message('S');

function firstTextValue(messages: Array<[string, Buffer]>): string {
  const row = messages.find(([type]) => type === 'D')?.[1];
  if (!row) throw new Error(`no data row in ${messages.map(([type]) => type).join('')}`);
  const length = row.readInt32BE(2);
  return row.subarray(6, 6 + length).toString();
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the embedded database shared by several connections', () => {
  let pglite: PGlite;
  let server: PGLiteSocketServer;
  let port: number;
  const clients: pg.Client[] = [];

  async function pgClient(): Promise<pg.Client> {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeEach(async () => {
    pglite = await PGlite.create();
    server = await startPGliteServer(pglite);
    port = Number(server.getServerConn().split(':').pop());
    await pglite.exec('CREATE TABLE notes (body text NOT NULL)');
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
    await server.stop();
    await pglite.close();
  });

  it('keeps one connection’s extended-protocol sequence whole while another connection queries', async () => {
    const first = await WireClient.connect(port);
    const second = await pgClient();
    first.send(parse('SELECT $1::text AS value'), bindText('from the first connection'), flush());
    await first.readUntil('2');

    const secondQuery = second.query<{ value: string }>('SELECT $1::text AS value', ['from the second connection']);
    await until(() => server.getStats().queuedQueries > 0);

    first.send(execute(), sync());
    expect(firstTextValue(await first.readUntil('Z'))).toBe('from the first connection');
    expect((await secondQuery).rows[0]?.value).toBe('from the second connection');
    first.destroy();
  });

  it('goes on serving the other connections after one message fails inside the database', async () => {
    const execProtocolRawStream = pglite.execProtocolRawStream.bind(pglite);
    let failures = 1;
    pglite.execProtocolRawStream = async (bytes, options) => {
      if (bytes[0] === 'P'.charCodeAt(0) && failures-- > 0) throw new Error('injected failure');
      return execProtocolRawStream(bytes, options);
    };
    const failing = await pgClient();
    await expect(failing.query('SELECT $1::int AS n', [1])).rejects.toThrow();

    const healthy = await pgClient();
    expect((await healthy.query<{ n: number }>('SELECT $1::int AS n', [2])).rows[0]?.n).toBe(2);
  });

  it('rolls back the transaction of a connection that disconnects inside it and serves the others', async () => {
    const leaving = await pgClient();
    const staying = await pgClient();
    await leaving.query('BEGIN');
    await leaving.query('INSERT INTO notes (body) VALUES ($1)', ['never committed']);
    const count = staying.query<{ count: string }>('SELECT count(*) FROM notes');
    await until(() => server.getStats().queuedQueries > 0);

    (leaving as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    expect((await count).rows[0]?.count).toBe('0');
  });

  it('serves thousands of interleaved extended-protocol queries on several connections, some failing, without a lost portal', async () => {
    const connections = 8;
    const rounds = 90;
    const counts = { ok: 0, failedAsMeant: 0, unexpected: [] as string[] };
    let committed = 0;
    const expectFailure = async (work: Promise<unknown>, code: string) => {
      try {
        await work;
        counts.unexpected.push(`succeeded where ${code} was meant`);
      } catch (error) {
        const actual = (error as { code?: string }).code;
        if (actual === code) counts.failedAsMeant += 1;
        else counts.unexpected.push(`${actual}: ${(error as Error).message}`);
      }
    };
    const expectDone = async (work: Promise<unknown>) => {
      try {
        await work;
        counts.ok += 1;
      } catch (error) {
        counts.unexpected.push(`${(error as { code?: string }).code}: ${(error as Error).message}`);
      }
    };
    const expectRow = async (work: Promise<pg.QueryResult>, row: Record<string, unknown>) => {
      try {
        const result = await work;
        if (JSON.stringify(result.rows) === JSON.stringify([row])) counts.ok += 1;
        else counts.unexpected.push(`rows ${JSON.stringify(result.rows)}, expected ${JSON.stringify(row)}`);
      } catch (error) {
        counts.unexpected.push(`${(error as { code?: string }).code}: ${(error as Error).message}`);
      }
    };

    // Each connection queues a round's statements at once, so its sequences meet the other connections' in the
    // server's queue; one round in three is a transaction, in which a failure rolls back.
    async function connection(index: number) {
      const client = await pgClient();
      for (let round = 0; round < rounds; round += 1) {
        const tag = `${index}.${round}`;
        if (round % 3 === 2) {
          await expectDone(client.query('BEGIN'));
          await expectDone(client.query('INSERT INTO notes (body) VALUES ($1)', [tag]));
          if (round % 2 === 0) {
            await expectFailure(client.query('SELECT 1 / $1::int AS n', [0]), '22012');
            await expectDone(client.query('ROLLBACK'));
          } else {
            await expectDone(client.query('COMMIT'));
            committed += 1;
          }
          continue;
        }
        await Promise.all([
          expectRow(client.query('SELECT $1::text AS tag, $2::int * 2 AS twice', [tag, round]), {
            tag,
            twice: round * 2,
          }),
          expectFailure(client.query('SELECT 1 / $1::int AS n', [0]), '22012'),
          expectRow(client.query({ text: 'SELECT $1::int + 1 AS next', values: [round] }), { next: round + 1 }),
          expectFailure(client.query('SELECT body FROM no_such_table WHERE body = $1', [tag]), '42P01'),
          expectFailure(client.query('SELECT $1::int AS n', ['not a number']), '22P02'),
          expectRow(client.query('SELECT count(*)::int >= 0 AS counted FROM notes WHERE body <> $1', [tag]), {
            counted: true,
          }),
        ]);
      }
    }
    await Promise.all(Array.from({ length: connections }, (_, index) => connection(index)));

    const total = counts.ok + counts.failedAsMeant + counts.unexpected.length;
    console.info(
      `embedded database stress: ${connections} connections, ${total} queries (extended protocol but BEGIN, COMMIT, ROLLBACK) ` +
        `(${counts.failedAsMeant} failing as meant), ${counts.unexpected.length} errors`,
    );
    expect(counts.unexpected).toEqual([]);
    expect(total).toBeGreaterThan(2000);
    const { rows } = await (await pgClient()).query<{ count: number }>('SELECT count(*)::int AS count FROM notes');
    expect(rows[0]?.count).toBe(committed);
  });

  it('discards the unfinished statement of a connection that disconnects mid-sequence', async () => {
    const leaving = await WireClient.connect(port);
    const staying = await pgClient();
    leaving.send(parse('INSERT INTO notes (body) VALUES ($1)'), bindText('never synced'), execute(), flush());
    await leaving.readUntil('C');
    const count = staying.query<{ count: string }>('SELECT count(*) FROM notes');
    await until(() => server.getStats().queuedQueries > 0);

    leaving.destroy();
    expect((await count).rows[0]?.count).toBe('0');
    await staying.query('INSERT INTO notes (body) VALUES ($1)', ['kept']);
    expect((await staying.query<{ body: string }>('SELECT body FROM notes')).rows).toEqual([{ body: 'kept' }]);
  });
});
