import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../../db/connection.ts';
import {
  filterConditions,
  orderBySql,
  REVERSED_SORT_KEYS,
  SORT_KEYS,
  type GalleryQuery,
} from './sort-keys.ts';

/**
 * A page of the user's spots whose words begin with each of `words`, in the query's order
 * and with its filters, without reading the search's matches: the database walks the
 * query's sort index and tests each row's words until the page is full, so a search
 * matching one spot in k costs about k rows per spot shown (gallery-sqlite-search.ts
 * `walkedSearchPage`, gallery-counted-search.ts `countedSearchPage`; decision 004).
 *
 * The test `' ' || word` within `' ' || search_norm` is the search index's own word-prefix
 * match on `search_norm`'s format (distinct words of letters and digits, single spaces);
 * a word of one letter is tested on `initials` instead (`wordCondition`). `count`, when
 * given, is read beside the page in the same statement (one snapshot); it is undefined
 * when the page is empty. `reversed` walks the order from its end (the offset
 * then counts from there, and the ids come in that reversed order).
 */
async function wordWalkPage(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  words: string[],
  count: RawBuilder<number> | undefined,
  reversed: boolean,
): Promise<{ ids: number[]; count: number | undefined }> {
  const conditions = [...words.map((word) => wordCondition(dialect, word)), ...filterConditions(q)];
  const keys = (reversed ? REVERSED_SORT_KEYS : SORT_KEYS)[q.sortBy];
  const { rows } = await sql<{
    id: number;
    count: number | null;
  }>`select r.id, ${count ?? sql`null`} as count
    from reviews r where r.user_id = ${userId} and ${sql.join(conditions, sql` and `)}
    order by ${orderBySql(keys)} limit ${q.limit} offset ${q.offset}`.execute(db);
  const first = rows[0]?.count;
  return { ids: rows.map((row) => row.id), count: first == null ? undefined : Number(first) };
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
 * A search's page by a word walk (`wordWalkPage`) from the nearer end of its order, and its
 * count: `matchesSql` (the query's number of matches as a subquery: a counter, or an FTS
 * count for several words) read first, to place the page and judge the walk. A page walked
 * from the end reads it again beside the page (one snapshot): a write in between would
 * shift the page, and the caller then reads the matches instead. Undefined then, and when
 * the walk would be too long (`isWalkShort`).
 */
export async function walkedPage(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  words: string[],
  matchesSql: RawBuilder<number>,
  cap: number,
): Promise<{ ids: number[]; count: number } | undefined> {
  const { matches, total } = await matchesAndTotal(db, userId, matchesSql);
  if (q.offset >= matches) return { ids: [], count: matches };
  // A page nearer the end of the order is walked from there ("garden", last page).
  const fromEnd = Math.max(0, matches - q.offset - q.limit);
  const reversed = fromEnd < q.offset;
  const walk = reversed ? { ...q, offset: fromEnd, limit: matches - q.offset - fromEnd } : q;
  if (!isWalkShort(walk, matches, total, cap)) return;
  const recount = reversed ? matchesSql : undefined;
  const page = await wordWalkPage(db, dialect, userId, walk, words, recount, reversed);
  if (!reversed) return { ids: page.ids, count: matches };
  if (page.count !== matches) return;
  return { ids: page.ids.reverse(), count: matches };
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
 * Whether a word walk for the query's page is short enough to take: about (offset + limit)
 * × total / matches rows, `total` being all the user's spots (an upper bound under a filter).
 */
function isWalkShort(q: GalleryQuery, matches: number, total: number, cap: number) {
  const walkRows = ((q.offset + q.limit) * total) / matches;
  return walkRows <= Math.min(cap, Math.max(SHORT_WALK_ROWS, matches * WALK_SHARE_OF_MATCHES));
}
