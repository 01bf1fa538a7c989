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

/**
 * Kysely's SQLite driver hands its one connection out under a mutex whose waiters all
 * wake up on every release and all but one go back to sleep: with 50 requests in flight
 * each query costs 50 wake-ups. This driver queues the waiters instead (first come, first
 * served, one wake-up per release); the connection and its statements are Kysely's own.
 */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #waiting: (() => void)[] = [];
  #busy = false;

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
   * IMMEDIATE: the transaction takes the write lock as it begins (waiting under the busy
   * timeout while another process holds it), instead of failing with SQLITE_BUSY when it
   * first writes after another worker process wrote since its read (WAL's stale snapshot).
   * In one process nothing changes: the connection is ours alone for the transaction.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
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

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
