import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * PGlite is one PostgreSQL backend; pglite-socket lets many client connections share it by queueing their
 * protocol messages. Its own queue (0.2.17) keeps a connection's turn only inside an explicit transaction,
 * so two connections' extended-protocol sequences (Parse, Bind, Execute ... Sync) interleave and one loses
 * its unnamed statement or portal (`portal "" does not exist`); and a single failed message leaves the queue
 * stuck for good (electric-sql/pglite#1046). This queue gives a connection the backend from its first message
 * until the backend is idle again: after its Sync or simple Query, and outside any transaction block.
 *
 * It also hands the backend a connection's extended-protocol messages together: those that need no answer before
 * the next (Parse, Bind, Describe, Execute, Close) wait for the Sync or Flush that asks for one, and go in with it,
 * so a query costs one pass through the backend and one write to the socket instead of five.
 */

interface QueuedMessage {
  handlerId: number;
  /** One protocol message, or several of one connection whose last is `lastType`. */
  message: Uint8Array;
  lastType: number;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

/** The calls pglite-socket's connection handlers make on their shared queue. */
export interface SocketQueryQueue {
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>;
  getQueueLength(): number;
  clearQueueForHandler(handlerId: number): void;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const STARTUP = 0x00;
/** Parse, Bind, Describe, Execute and Close: a server answers them only at the next Sync or Flush. */
const DEFERRABLE = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

function simpleQueryMessage(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message[0] = SIMPLE_QUERY;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/**
 * Outside a transaction block, ROLLBACK marks the extended protocol's implicit transaction for abort, as a
 * PostgreSQL server does when a client disconnects mid-sequence; in the error state the backend skips it.
 */
const ABORT_IMPLICIT_TRANSACTION = simpleQueryMessage('ROLLBACK');

/** Messages after which the backend has answered ReadyForQuery: the sequence they belong to is complete. */
function endsSequence(type: number): boolean {
  return type === SYNC || type === SIMPLE_QUERY || type === STARTUP;
}

export class PGliteSessionQueue implements SocketQueryQueue {
  private readonly waiting: QueuedMessage[] = [];
  /** Each connection's messages that wait for the Sync or Flush they go in with. */
  private readonly deferred = new Map<number, Uint8Array[]>();
  /** The connection whose sequence or transaction is open in the backend; only it may send next. */
  private owner: { handlerId: number; midSequence: boolean } | null = null;
  private readonly closedHandlers = new Set<number>();
  private running = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const type = message[0] ?? STARTUP;
    const deferred = this.deferred.get(handlerId) ?? [];
    if (DEFERRABLE.has(type)) {
      this.deferred.set(handlerId, [...deferred, message]);
      return Promise.resolve(0);
    }
    this.deferred.delete(handlerId);
    // PGlite answers Terminate with nothing; what the connection leaves open is ended when its socket closes.
    // Messages it never synced are dropped, as a server drops them at a disconnect.
    if (type === TERMINATE) return Promise.resolve(0);
    const batch = deferred.length > 0 ? Buffer.concat([...deferred, message]) : message;
    return new Promise((resolve, reject) => {
      this.waiting.push({ handlerId, message: batch, lastType: type, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.waiting.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.deferred.delete(handlerId);
    for (let index = this.waiting.length - 1; index >= 0; index--) {
      const queued = this.waiting[index];
      if (queued?.handlerId !== handlerId) continue;
      this.waiting.splice(index, 1);
      queued.reject(new Error('Handler disconnected'));
    }
  }

  /** A connection that went away mid-sequence or mid-transaction must not keep the backend from the others. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    this.closedHandlers.add(handlerId);
    await this.drain();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const owner = this.owner;
        if (owner && this.closedHandlers.has(owner.handlerId)) await this.abandonSession(owner.midSequence);
        const ownerId = this.owner?.handlerId;
        const index = ownerId === undefined ? 0 : this.waiting.findIndex((queued) => queued.handlerId === ownerId);
        const next = index >= 0 ? this.waiting[index] : undefined;
        if (!next) break;
        this.waiting.splice(index, 1);
        await this.execute(next);
      }
    } finally {
      this.closedHandlers.clear();
      this.running = false;
    }
  }

  private async execute(queued: QueuedMessage): Promise<void> {
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(queued.message, {
          onRawData: (data) => {
            bytes += data.length;
            queued.onData(data);
          },
        }),
      );
      queued.resolve(bytes);
    } catch (error) {
      queued.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const midSequence = !endsSequence(queued.lastType);
    this.owner = midSequence || this.db.isInTransaction() ? { handlerId: queued.handlerId, midSequence } : null;
  }

  /** Ends what a departed owner left open: its unfinished extended sequence, then its transaction block. */
  private async abandonSession(midSequence: boolean): Promise<void> {
    this.owner = null;
    if (midSequence) {
      await this.db.runExclusive(async () => {
        await this.db.execProtocolRaw(ABORT_IMPLICIT_TRANSACTION);
        await this.db.execProtocolRaw(SYNC_MESSAGE);
      });
    }
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
  }
}

/** Serves PGlite on a loopback port, with the session queue in place before the first client connects. */
export async function startPGliteServer(db: PGlite): Promise<PGLiteSocketServer> {
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  (server as unknown as { queryQueue: SocketQueryQueue }).queryQueue = new PGliteSessionQueue(db);
  await server.start();
  return server;
}
