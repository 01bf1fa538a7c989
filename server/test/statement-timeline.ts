import type { KyselyPlugin, PluginTransformQueryArgs, QueryId, UnknownRow } from 'kysely';
import type { Db } from '../src/db/connection.ts';

interface StatementEvent {
  kind: 'sent' | 'answered';
  queryId: QueryId;
  /** an answer's columns, sorted (when it has rows) */
  columns?: string[];
}

/**
 * The order in which a database handle's statements are sent and answered: whether a
 * statement waited for another's answer before it was sent, which on PostgreSQL is a round
 * trip in a row. A statement is "sent" when Kysely builds it for running (a query builder's
 * statement is built as it runs) or runs it built earlier (`db.executeQuery`, as
 * db/compiled-once.ts does); "answered" when its rows come back.
 */
export class StatementTimeline implements KyselyPlugin {
  readonly events: StatementEvent[] = [];

  /** `base` with every statement recorded here. */
  watch(base: Db): Db {
    const db = base.withPlugin(this);
    const sent = (queryId: QueryId) => this.events.push({ kind: 'sent', queryId });
    // Kysely's methods use private fields: each is called on the handle itself.
    return new Proxy(db, {
      get(target, property) {
        if (property === 'executeQuery') {
          return (query: Parameters<Db['executeQuery']>[0]) => {
            const compiled = 'compile' in query ? query.compile() : query;
            sent(compiled.queryId);
            return target.executeQuery(compiled);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  }

  transformQuery(args: PluginTransformQueryArgs) {
    this.events.push({ kind: 'sent', queryId: args.queryId });
    return args.node;
  }

  async transformResult(args: { queryId: QueryId; result: { rows: UnknownRow[] } }) {
    const first = args.result.rows[0];
    const columns = first && Object.keys(first).sort();
    this.events.push({ kind: 'answered', queryId: args.queryId, columns });
    return args.result;
  }

  /** Forgets what was recorded. */
  clear() {
    this.events.length = 0;
  }

  /** The index of the last answer whose rows have exactly these columns, or -1. */
  answerWith(columns: readonly string[]): number {
    const wanted = JSON.stringify([...columns].sort());
    return this.#lastIndex(
      this.events.length,
      (e) => e.kind === 'answered' && JSON.stringify(e.columns) === wanted,
    );
  }

  /** The index of the last answer whose rows have this column among theirs, or -1. */
  answerHaving(column: string): number {
    return this.#lastIndex(
      this.events.length,
      (e) => e.kind === 'answered' && e.columns?.includes(column) === true,
    );
  }

  /** The index at which the statement answered at `answer` was last sent before it, or -1. */
  sentOf(answer: number): number {
    const { queryId } = this.events[answer]!;
    return this.#lastIndex(answer, (e) => e.kind === 'sent' && e.queryId === queryId);
  }

  #lastIndex(before: number, test: (event: StatementEvent) => boolean): number {
    for (let i = before - 1; i >= 0; i--) if (test(this.events[i]!)) return i;
    return -1;
  }
}

/** A column only the gallery's change log read answers with (gallery-changes.ts). */
export const CHANGE_LOG_COLUMN = 'old_rating';

/** A column only the session's read answers with (plugins/session.ts). */
export const SESSION_COLUMN = 'expires_at';
