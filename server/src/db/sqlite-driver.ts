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

/** How a transaction waits for the write lock another process holds. */
export interface WriteLockWait {
  /** how long before it fails with SQLITE_BUSY, as SQLite's busy timeout would */
  timeoutMs: number;
  /** sets the connection's busy timeout (`PRAGMA busy_timeout`) */
  setBusyTimeout(ms: number): void;
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
 */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #waiting: (() => void)[] = [];
  #busy = false;

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
      return await super.acquireConnection();
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
   *
   * While another process holds the lock, SQLite's busy handler would wait in its sleeps
   * on the event loop, up to 100 ms each, and every request of this process would wait
   * with it (decision 023, session 14). So the attempt is made with no busy timeout, and
   * between attempts the connection goes back to this process's other queries, which
   * WAL lets read meanwhile; the pauses grow to MAX_PAUSE_MS, and after the busy timeout
   * the transaction fails with SQLITE_BUSY as before.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + this.lockWait.timeoutMs;
    for (let pause = 1; ; pause = Math.min(2 * pause, MAX_PAUSE_MS)) {
      const busy = await this.#beginImmediate(connection);
      if (!busy) return;
      if (Date.now() + pause > deadline) throw busy;
      await this.releaseConnection();
      await sleep(pause);
      await this.acquireConnection(); // the same connection: SqliteDriver has one
    }
  }

  /** Undefined once the lock is taken; SQLITE_BUSY's error while another process holds it. */
  async #beginImmediate(connection: DatabaseConnection): Promise<Error | undefined> {
    this.lockWait.setBusyTimeout(0);
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      return undefined;
    } catch (error) {
      if (isBusy(error)) return error;
      throw error;
    } finally {
      this.lockWait.setBusyTimeout(this.lockWait.timeoutMs);
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
