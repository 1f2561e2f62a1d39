import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult } from 'kysely';

/** The tables a statement wrote, or 'any' for raw SQL, whose tables the builder cannot name. */
export type WrittenTables = ReadonlySet<string> | 'any';

/**
 * Tells in-process caches that rows changed, whoever changed them through the query builder: no service has to
 * remember to invalidate. A listener hears a write when its statement starts and again once it is visible to
 * other connections (at once, or when its transaction ends), so a reader racing the writer cannot keep what it
 * read in between. Writes made outside this process, or by clients other than the builder, are not seen.
 */
export interface TableWrites {
  subscribe(listener: (tables: WrittenTables) => void): () => void;
}

type SavepointMethod = NonNullable<Driver['savepoint']>;

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

interface Node {
  kind?: unknown;
  table?: { identifier?: { name?: unknown } };
  with?: unknown;
}

function collectWrites(value: unknown, writing: boolean, tables: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectWrites(item, writing, tables);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as Node;
  const inWrite = writing || WRITE_KINDS.has(node.kind as string);
  if (inWrite && node.kind === 'TableNode' && typeof node.table?.identifier?.name === 'string') {
    tables.add(node.table.identifier.name);
  }
  // Every table a write statement names counts, those it only reads too: a few needless invalidations are
  // cheaper than a missed one.
  for (const child of Object.values(node)) collectWrites(child, inWrite, tables);
}

/** The tables `node` writes: none for a plain SELECT, those of its data-modifying CTEs for one with some. */
export function writtenTables(node: OperationNode): WrittenTables {
  if (node.kind === 'RawNode') return 'any';
  if (node.kind === 'SelectQueryNode' && !(node as Node).with) return new Set();
  const tables = new Set<string>();
  collectWrites(node, false, tables);
  return tables;
}

const isEmpty = (tables: WrittenTables) => tables !== 'any' && tables.size === 0;

function merge(into: Set<string> | 'any', tables: WrittenTables): Set<string> | 'any' {
  if (into === 'any' || tables === 'any') return 'any';
  for (const table of tables) into.add(table);
  return into;
}

/** Wraps `dialect` so that every write its connections run reaches the subscribers of the returned TableWrites. */
export function trackTableWrites(dialect: Dialect): { dialect: Dialect; writes: TableWrites } {
  const listeners = new Set<(tables: WrittenTables) => void>();
  const notify = (tables: WrittenTables) => {
    if (isEmpty(tables)) return;
    for (const listener of listeners) listener(tables);
  };

  class TrackedConnection implements DatabaseConnection {
    /** Writes of the open transaction, announced again at its end; null outside a transaction. */
    pending: Set<string> | 'any' | null = null;

    constructor(readonly inner: DatabaseConnection) {}

    async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
      const tables = writtenTables(compiledQuery.query);
      notify(tables);
      try {
        return await this.inner.executeQuery<R>(compiledQuery);
      } finally {
        this.written(tables);
      }
    }

    async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
      const tables = writtenTables(compiledQuery.query);
      notify(tables);
      try {
        yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
      } finally {
        this.written(tables);
      }
    }

    private written(tables: WrittenTables): void {
      if (isEmpty(tables)) return;
      if (this.pending === null) notify(tables);
      else this.pending = merge(this.pending, tables);
    }

    endTransaction(): void {
      const pending = this.pending;
      this.pending = null;
      if (pending !== null) notify(pending);
    }
  }

  const tracked = (connection: DatabaseConnection) => connection as TrackedConnection;

  function trackDriver(driver: Driver): Driver {
    const connections = new WeakMap<DatabaseConnection, TrackedConnection>();
    const onInner = (method: SavepointMethod | undefined): SavepointMethod | undefined =>
      method && ((connection, name, compile) => method.call(driver, tracked(connection).inner, name, compile));
    return {
      init: () => driver.init(),
      async acquireConnection() {
        const inner = await driver.acquireConnection();
        let connection = connections.get(inner);
        if (!connection) {
          connection = new TrackedConnection(inner);
          connections.set(inner, connection);
        }
        return connection;
      },
      async beginTransaction(connection, settings) {
        await driver.beginTransaction(tracked(connection).inner, settings);
        tracked(connection).pending = new Set();
      },
      async commitTransaction(connection) {
        try {
          await driver.commitTransaction(tracked(connection).inner);
        } finally {
          tracked(connection).endTransaction();
        }
      },
      async rollbackTransaction(connection) {
        try {
          await driver.rollbackTransaction(tracked(connection).inner);
        } finally {
          tracked(connection).endTransaction();
        }
      },
      savepoint: onInner(driver.savepoint),
      rollbackToSavepoint: onInner(driver.rollbackToSavepoint),
      releaseSavepoint: onInner(driver.releaseSavepoint),
      releaseConnection: (connection) => driver.releaseConnection(tracked(connection).inner),
      destroy: () => driver.destroy(),
    };
  }

  return {
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => trackDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    writes: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
