import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** How many statements one PostgreSQL connection keeps prepared (the people mix used 77 on one). */
const CAPACITY = 200;

/**
 * node-postgres sends a query without a name as an unnamed statement, which PostgreSQL
 * parses, analyses and plans again on every run. The app sends a small, fixed set of query
 * texts, so each connection keeps them prepared under a name, most recently used last, as
 * the SQLite side keeps its statements (statement-cache.ts). PostgreSQL plans a kept
 * statement for its values for five runs, then reuses a generic plan where that looks no
 * dearer (`plan_cache_mode = auto`, its default): the planning is most of what is saved.
 * A generic plan knows neither the user nor the offset; `bench/prepared-plans.ts` checks
 * that the 100,000-spot user's gallery is no slower when small users' pages chose the
 * plans. Decision 023, "Statements prepared on PostgreSQL".
 *
 * Statements without parameters (BEGIN, COMMIT, a migration's several statements) keep
 * node-postgres's simple protocol: one message, nothing to keep.
 */
export function preparingPool(pool: pg.Pool, capacity = CAPACITY): PostgresPool {
  const kept = new WeakMap<pg.PoolClient, KeptStatements>();
  return {
    async connect() {
      const client = await pool.connect();
      let statements = kept.get(client);
      if (!statements) kept.set(client, (statements = new KeptStatements(client, capacity)));
      return statements.pooled();
    },
    end: () => pool.end(),
  };
}

class KeptStatements {
  /** Query text → statement name; a Map keeps insertion order, so the first is the oldest. */
  readonly #names = new Map<string, string>();
  #made = 0;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly capacity: number,
  ) {}

  pooled(): PostgresPoolClient {
    const query = (text: string, values: readonly unknown[]) =>
      this.client.query({
        text,
        values: [...values],
        name: values.length === 0 ? undefined : this.#nameOf(text),
      });
    const release = () => {
      this.#forgetOldest();
      this.client.release();
    };
    // Without query(cursor): no cursor is configured, so Kysely never streams through it.
    return { query, release } as unknown as PostgresPoolClient;
  }

  #nameOf(text: string): string {
    let name = this.#names.get(text);
    if (name) this.#names.delete(text);
    else name = `s${++this.#made}`;
    this.#names.set(text, name);
    return name;
  }

  /**
   * Deallocated when the connection goes back to the pool, between transactions, where a
   * DEALLOCATE that fails (a statement whose Parse had failed) cannot abort anyone's
   * transaction; node-postgres queues it before the next borrower's first query. Names are
   * never reused, and node-postgres's own record of the statement is dropped with it.
   */
  #forgetOldest() {
    while (this.#names.size > this.capacity) {
      const [text, name] = this.#names.entries().next().value!;
      this.#names.delete(text);
      this.client.query(`DEALLOCATE ${name}`).catch(() => {});
      const parsed = (this.client as { connection?: { parsedStatements?: Record<string, string> } })
        .connection?.parsedStatements;
      if (parsed) delete parsed[name];
    }
  }
}
