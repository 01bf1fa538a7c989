import { sql, type Expression, type RawBuilder } from 'kysely';
import type { WholeOrder } from './gallery-positions.ts';
import { orderBySql, type SortKey } from './sort-keys.ts';

/*
 * A search's whole order (gallery-positions.ts) comes back from the database as one
 * aggregated string instead of a row per match: the 64,569 matches of "t" as 64,569 rows
 * cost the driver and Kysely more than the database spent finding them. Each spot is one
 * number, `id * 8 + rating` (ratings are 0-5), in the query's order, separated by commas.
 */

/** A spot's code, on alias `r`. */
export const spotCode = sql<number>`r.id * 8 + r.rating`;

/**
 * PostgreSQL: the codes of the rows of a query on alias `r`, aggregated in the order of
 * `keys` (the aggregate's own ORDER BY sorts them).
 */
export function pgOrderCodes(keys: SortKey[]): RawBuilder<string | null> {
  return sql`string_agg((r.id::bigint * 8 + r.rating)::text, ',' order by ${orderBySql(keys)})`;
}

/**
 * SQLite: a column of codes aggregated in the order its subquery returns them. SQLite
 * can't flatten an ordered subquery into an aggregate and feeds it in order, walking the
 * index; `group_concat(… order by …)` would sort every row again (44 ms instead of 16 for
 * the 64,569 matches of "t").
 */
export function sqliteCodes(codes: Expression<number>): RawBuilder<string | null> {
  return sql`group_concat(${codes}, ',')`;
}

/** The codes back into ids and ratings; parsed by hand, it is on a first request's path. */
export function decodeOrder(codes: string | null): WholeOrder {
  if (!codes) return { ids: new Int32Array(0), ratings: new Uint8Array(0) };
  let count = 1;
  for (let i = 0; i < codes.length; i++) if (codes.charCodeAt(i) === COMMA) count++;
  const order: WholeOrder = { ids: new Int32Array(count), ratings: new Uint8Array(count) };
  let at = 0;
  eachCode(codes, (code) => {
    order.ids[at] = Math.floor(code / 8);
    order.ratings[at++] = code % 8;
  });
  return order;
}

/** Each number of a comma-separated list of codes, in order (none for null or ''). */
export function eachCode(codes: string | null, visit: (code: number) => void): void {
  if (!codes) return;
  let code = 0;
  for (let i = 0; i <= codes.length; i++) {
    const c = i < codes.length ? codes.charCodeAt(i) : COMMA;
    if (c !== COMMA) {
      code = code * 10 + (c - ZERO);
      continue;
    }
    visit(code);
    code = 0;
  }
}

const COMMA = ','.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);
