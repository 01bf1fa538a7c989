import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/** How a statement waits for the write lock another process holds. */
export interface WriteLockWait {
  /**
   * how long before it fails with SQLITE_BUSY, as SQLite's busy timeout would; the
   * connection's own `PRAGMA busy_timeout` must be 0 (the driver does the waiting)
   */
  timeoutMs: number;
}

/** The longest pause between two attempts at the write lock. */
const MAX_PAUSE_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown): error is Error =>
  error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_BUSY';

/**
 * Kysely's SQLite driver hands its one connection out under a mutex whose waiters all
 * wake up on every release and all but one go back to sleep: with 50 requests in flight
 * each query costs 50 wake-ups. This driver queues the waiters instead (first come, first
 * served, one wake-up per release); the connection and its statements are Kysely's own.
 *
 * It also waits for another process's write lock itself, off the event loop. SQLite's busy
 * handler would wait in its sleeps on the event loop, up to 100 ms each, and every request
 * of this process would wait with it (decision 023, sessions 14 and 15). So the connection
 * has no busy timeout: a transaction's BEGIN, or a statement outside a transaction, that
 * fails with SQLITE_BUSY has changed nothing, and is tried again after a pause during which
 * the connection serves this process's other queries, which WAL lets read meanwhile. The
 * pauses grow to MAX_PAUSE_MS; after `timeoutMs` the SQLITE_BUSY is thrown, as SQLite's
 * busy timeout would. Inside a transaction nothing waits: it took the lock as it began.
 */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #waiting: (() => void)[] = [];
  #busy = false;
  #inTransaction = false;
  /** The one connection, as handed out: its statements wait for the lock (#whenUnlocked). */
  #waitingConnection?: DatabaseConnection;

  constructor(
    config: SqliteDialectConfig,
    readonly lockWait: WriteLockWait,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    try {
      const connection = await super.acquireConnection();
      return (this.#waitingConnection ??= this.#waitingFor(connection));
    } catch (error) {
      this.#handOver();
      throw error;
    }
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#handOver();
  }

  /**
   * IMMEDIATE: the transaction takes the write lock as it begins, instead of failing with
   * SQLITE_BUSY when it first writes after another worker process wrote since its read
   * (WAL's stale snapshot). In one process nothing changes: the connection is ours alone
   * for the transaction.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.#inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#inTransaction = false;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#inTransaction = false;
    }
  }

  #waitingFor(connection: DatabaseConnection): DatabaseConnection {
    return {
      executeQuery: (query) =>
        this.#inTransaction
          ? connection.executeQuery(query)
          : this.#whenUnlocked(() => connection.executeQuery(query)),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  async #whenUnlocked<T>(attempt: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.lockWait.timeoutMs;
    for (let pause = 1; ; pause = Math.min(2 * pause, MAX_PAUSE_MS)) {
      try {
        return await attempt();
      } catch (error) {
        if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      }
      await this.releaseConnection();
      await sleep(pause);
      await this.acquireConnection(); // the same connection: SqliteDriver has one
    }
  }

  #handOver() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

/**
 * SQLite's DDL is transactional, but Kysely's adapter says it is not, so its Migrator ran
 * each migration bare: a server stopped during a long one (013 fills its counters for about
 * a minute on a 600,000-spot database) left it half done, its table made and its name not
 * recorded, and every later start failed on "table already exists". Saying so makes the
 * Migrator run the pending migrations in one transaction (begun IMMEDIATE, as every
 * transaction here): a stop or a failure rolls them all back, and the next start runs them
 * again.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(
    config: SqliteDialectConfig,
    readonly lockWait: WriteLockWait,
  ) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config, this.lockWait);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
