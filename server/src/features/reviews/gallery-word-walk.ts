import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { limitRows } from '../../db/limits-at-run-time.ts';
import type { Db, DialectName } from '../../db/connection.ts';
import { walkStart, type Mark } from './gallery-positions.ts';
import { seekWalk, type ReadRange } from './gallery-seek-walk.ts';
import {
  filterConditions,
  orderBySql,
  REVERSED_SORT_KEYS,
  type GalleryQuery,
  type SortMark,
} from './sort-keys.ts';

/**
 * Pages of the user's spots whose words begin with each of `words`, in the query's order
 * and with its filters, without reading the search's matches: the database walks the
 * query's sort index and tests each row's words until the page is full, so a search
 * matching one spot in k costs about k rows per spot shown (gallery-sqlite-search.ts
 * `walkedSearchPage`, gallery-counted-search.ts `countedSearchPage`; decision 004).
 *
 * The test `' ' || word` within `' ' || search_norm` is the search index's own word-prefix
 * match on `search_norm`'s format (distinct words of letters and digits, single spaces);
 * a word of one letter is tested on `initials` instead (`wordCondition`).
 */
function wordWalk(db: Db, dialect: DialectName, userId: number, q: GalleryQuery, words: string[]) {
  const conditions = [...words.map((word) => wordCondition(dialect, word)), ...filterConditions(q)];
  const where = (seek: Expression<SqlBool> | undefined) =>
    sql.join(seek ? [...conditions, seek] : conditions, sql` and `);
  const range: ReadRange = async (seek, keys, offset, limit) =>
    (
      await sql<SortMark>`select r.id, r.rating from reviews r
        where r.user_id = ${userId} and ${where(seek)}
        order by ${orderBySql(keys)} ${limitRows(limit, offset)}`.execute(db)
    ).rows;
  return {
    /** `limit` matches from `offset` past `from` (the start when undefined). */
    forward: (from: SortMark | undefined, offset: number, limit: number) =>
      seekWalk(q, from, offset, limit, range, async (seek, cap) => {
        const { rows } = await sql<{ count: number }>`select count(*) as count from (
          select 1 from reviews r where r.user_id = ${userId} and ${where(seek)}
          ${limitRows(cap)}) e`.execute(db);
        return Number(rows[0]!.count);
      }),
    /**
     * `limit` matches from `offset` before the end, in reversed order, with `count` read
     * beside them in the same statement (one snapshot); undefined when the page is empty.
     */
    async backward(offset: number, limit: number, count: RawBuilder<number>) {
      const { rows } = await sql<{ id: number; count: number | null }>`select r.id,
        ${count} as count from reviews r where r.user_id = ${userId} and ${where(undefined)}
        order by ${orderBySql(REVERSED_SORT_KEYS[q.sortBy])} ${limitRows(limit, offset)}`.execute(
        db,
      );
      const first = rows[0]?.count;
      return { ids: rows.map((row) => row.id), count: first == null ? undefined : Number(first) };
    },
  };
}

/** The bit of `reviews.initials` for a word of one letter a–z (migration 014), else undefined. */
export function initialBit(word: string): number | undefined {
  if (!/^[a-z]$/.test(word)) return;
  return 2 ** (word.charCodeAt(0) - 'a'.charCodeAt(0));
}

/**
 * A spot has a word beginning with `word`. For one letter that is its bit of `initials`,
 * which the sort indexes carry: PostgreSQL then walks index entries only, SQLite reads the
 * value from the index too (it still visits the rows: ~2.3 ms for 46,000 entries).
 */
function wordCondition(dialect: DialectName, word: string): RawBuilder<unknown> {
  const bit = initialBit(word);
  if (bit !== undefined) return sql`(r.initials & ${bit}) <> 0`;
  const find = sql.raw(dialect === 'sqlite' ? 'instr' : 'strpos');
  return sql`${find}(' ' || r.search_norm, ${` ${word}`}) > 0`;
}

/**
 * A search's kept marks at one gallery version (gallery-positions.ts: a sort key with the
 * number of the query's matches before it), and how to keep one this request finds (only
 * if the version held: gallery.ts).
 */
export interface WalkMarks {
  marks: readonly Mark[];
  /** A walk this many matches long leaves a mark at the last multiple of it before the page. */
  step: number;
  add(mark: Mark): void;
}

/**
 * A search's page by a word walk (`wordWalk`) from the kept mark before the page, or from
 * the nearer end of its order, and its count: `matchesSql` (the query's number of matches
 * as a subquery: a counter, or an FTS count for several words) read first, to place the
 * page and judge the walk. A walk a step or more long leaves a mark, so the next pages
 * there (the same page again, the next one) seek to it and walk less than a step: without
 * marks, "t" at offset 30,000 of 100,000 spots walked ~46,000 entries on every request.
 * A page walked from the end reads the count again beside the page (one snapshot): a write
 * in between would shift the page, and the caller then reads the matches instead.
 * Undefined then, and when the walk would be too long (`isWalkShort`).
 */
export async function walkedPage(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  words: string[],
  matchesSql: RawBuilder<number>,
  cap: number,
  kept?: WalkMarks,
): Promise<{ ids: number[]; count: number } | undefined> {
  const { matches, total } = await matchesAndTotal(db, userId, matchesSql);
  if (q.offset >= matches) return { ids: [], count: matches };
  const walk = wordWalk(db, dialect, userId, q, words);
  const { from, start, target } = kept
    ? walkStart(kept.marks, q.offset, kept.step)
    : { from: undefined, start: 0, target: 0 };
  // A page nearer the end of the order than the mark is walked from there ("garden", last page).
  const fromEnd = Math.max(0, matches - q.offset - q.limit);
  if (fromEnd < q.offset - start) {
    const limit = matches - q.offset - fromEnd;
    if (!isWalkShort(fromEnd + limit, matches, total, cap)) return;
    const page = await walk.backward(fromEnd, limit, matchesSql);
    if (page.count !== matches) return;
    return { ids: page.ids.reverse(), count: matches };
  }
  if (!isWalkShort(q.offset + q.limit - start, matches, total, cap)) return;
  const rows = await walk.forward(from?.key, target - start, q.offset + q.limit - target);
  if (target > start && rows[0]) kept!.add({ pos: target, key: rows[0] });
  return { ids: rows.slice(q.offset - target).map((row) => row.id), count: matches };
}

/**
 * A search's number of matches (`matches`: a count from an index or a counter) and the
 * user's number of spots, in one statement: their ratio says how long a word walk would be.
 */
async function matchesAndTotal(db: Db, userId: number, matches: RawBuilder<number>) {
  const { rows } = await sql<{ matches: number | null; total: number | null }>`select
    ${matches} as matches,
    (select total from spot_counts where user_id = ${userId}) as total`.execute(db);
  return { matches: Number(rows[0]?.matches ?? 0), total: Number(rows[0]?.total ?? 0) };
}

/** A walk this short takes about a millisecond, however few the matches. */
const SHORT_WALK_ROWS = 256;

/**
 * Past that, a walk is taken when it reads no more rows than the search has matches: a
 * row walked costs about what reading a match costs the other way (PostgreSQL's heap read
 * through the GIN index, SQLite's set of matches). For a first page that is every word
 * with more than √(20 × spots) matches (1,414 of 100,000). The other way keeps the order
 * it read, which serves the next pages, and the same page after a write, a little cheaper
 * (a plain repeat is answered by the response cache before it gets here); but what
 * reaches the gallery is mostly a query asked once. On PostgreSQL "lantern" (1,547 of
 * 100,000 spots), first request p50 / p95: 6.0–8.4 / 30–39 ms through GIN, 4.7–7.7 / 8–10
 * walked; after a write 3.9–4.1 → 4.4–6.8 ms p50 (decision 004, "A walk as long as the
 * matches").
 */
const WALK_SHARE_OF_MATCHES = 1;

/**
 * Whether a word walk past `matchesWalked` matches is short enough to take: about
 * matchesWalked × total / matches rows, `total` being all the user's spots (an upper bound under a filter).
 */
function isWalkShort(matchesWalked: number, matches: number, total: number, cap: number) {
  const walkRows = (matchesWalked * total) / matches;
  return walkRows <= Math.min(cap, Math.max(SHORT_WALK_ROWS, matches * WALK_SHARE_OF_MATCHES));
}
