import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { deflatedText, gzipOfParts } from '../../lib/gzip-blocks.ts';
import type { GzippedAnswer } from '../../lib/send-json.ts';
import { FilterValues } from './filter-options.ts';
import { readChangesFor, type SpotImage } from './gallery-changes.ts';
import { listCountQueries, type ListCounts } from '../lists/list-counts.ts';
import type { SpotCounters } from './spot-counters.ts';

/** The figures around the filter options, at the version the options are brought to. */
export interface MetadataCounts {
  counters: Pick<SpotCounters, 'version' | 'total'>;
  lists: ListCounts;
}

type FilterColumn = 'place_type' | 'place_city' | 'place_country';
/** Each filter column and its name in the answer, in the answer's order. */
const FILTERS = [
  ['place_type', 'types'],
  ['place_city', 'cities'],
  ['place_country', 'countries'],
] as const;

/** The distinct non-empty values of one filter column, read from its (user_id, column) index. */
async function distinctValues(db: Db, userId: number, column: FilterColumn): Promise<string[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(column)
    .distinct()
    .where('user_id', '=', userId)
    .where(column, '!=', '')
    .execute();
  return rows.map((r) => r[column]);
}

/** Whether any of the user's spots still has this value (one probe of the same index). */
async function stillUsed(db: Db, userId: number, column: FilterColumn, value: string) {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where(column, '=', value)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's filter options at one gallery version, by column. */
interface FilterOptions {
  version: number;
  values: Record<FilterColumn, FilterValues>;
}

/**
 * Brings `known` to the values after the logged writes, at the version the log was read at
 * (at least the caller's): a value a changed spot has now is in; a value one had before and
 * none of them has now is in only while another spot still has it (probed afterwards: a
 * write meanwhile is in the next catch-up anyway). Undefined when the log doesn't reach
 * back to `known.version`. A column nothing changed keeps its options (and their JSON).
 */
async function applyChanges(
  db: Db,
  userId: number,
  known: FilterOptions,
  atLeast: number,
): Promise<FilterOptions | undefined> {
  const read = await readChangesFor(db, userId, known.version, atLeast);
  if (!read) return undefined;
  const { changes, version } = read;
  const values = { ...known.values };
  for (const [column] of FILTERS) {
    const options = values[column];
    const now = new Set(changes.map((c) => c.after?.[column]).filter(nonEmpty));
    const before = changes.map((c) => c.before?.[column]).filter(nonEmpty);
    const added = [...now].filter((v) => !options.has(v));
    const doubtful = [...new Set(before)].filter((v) => !now.has(v) && options.has(v));
    const gone: string[] = [];
    for (const value of doubtful)
      if (!(await stillUsed(db, userId, column, value))) gone.push(value);
    values[column] = options.changed(added, gone);
  }
  return { version, values };
}

const nonEmpty = (value: SpotImage[FilterColumn] | undefined): value is string => !!value;

/** The four figures in one round trip. */
const countsOf = compiledOnce((db, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('spot_counts', 'spot_counts.user_id', 'users.id')
    .select((eb) => {
      const counts = listCountQueries(eb);
      return [
        'spot_counts.version',
        'spot_counts.total',
        counts.lists.as('list_count'),
        counts.followed.as('saved_list_count'),
      ];
    })
    .where('users.id', '=', userId),
);

/**
 * `GET /api/reviews/review/metadata/`'s JSON: counts for the home page and the filter options.
 *
 * The filter options (three DISTINCTs over the user's spots: ~16 ms at 100,000 spots) are
 * kept per user with the gallery version they were read at (`spot_counts.version`, bumped
 * by triggers on every write of the user's spots, whichever app server wrote). After a
 * write they are brought up to date from the gallery's change log (migration 008: which
 * spots changed, their columns before) instead of read again: a write that neither adds nor
 * removes a value costs one small read, a spot that may have taken a value's last use one
 * index probe more. The counts are read on every request (lists and follows have no
 * version, and they are cheap): with the session, in its statement (plugins/session.ts),
 * or else in one statement here; the answer is put together as a string, with each
 * filter's JSON kept, since its shape is fixed (metadataSchema) and its values are ours.
 * Gzipped, each filter's JSON is deflated once and kept too, and only the counts around them
 * are compressed per request: compressing a 10,000-spot user's ~50 KB of options was half a
 * millisecond of every request (decision 023, "The filter options kept deflated").
 */
export function spotMetadataReader(db: Db, maxUsers = 1000) {
  const options = new LRUCache<number, FilterOptions>({ max: maxUsers });
  const filterOptions = async (userId: number, version: number): Promise<FilterOptions> => {
    /*
     * Options kept at a later version than the session's serve it as they are: an answer may
     * be newer than the version a request read, as a gallery page may (gallery.ts). Under
     * one user's steady writes a request may read the version just before another's
     * catch-up lands; it read all three columns of the user's spots again (three DISTINCTs,
     * ~16 ms at 100,000 spots) and kept those older options (decision 023, session 23).
     */
    const known = options.get(userId);
    if (known && known.version >= version) return known;
    const caughtUp = known && (await applyChanges(db, userId, known, version));
    const fresh = caughtUp || (await readOptions(userId, version));
    // Another request may have kept newer options meanwhile.
    if ((options.peek(userId)?.version ?? -1) < fresh.version) options.set(userId, fresh);
    return fresh;
  };
  const readOptions = async (userId: number, version: number): Promise<FilterOptions> => {
    const found = await Promise.all(
      FILTERS.map(async ([column, name], i) => {
        const values = await distinctValues(db, userId, column);
        return [column, FilterValues.of(name, values, i === 0)] as const;
      }),
    );
    const values = Object.fromEntries(found) as FilterOptions['values'];
    return { version, values };
  };

  /** The counts read here: for a caller without the session's (tests, a route without them). */
  const readCounts = async (userId: number): Promise<MetadataCounts> => {
    const [row] = await countsOf(db, userId);
    if (!row) throw new Error(`no user ${userId}`);
    return {
      counters: { version: Number(row.version ?? 0), total: Number(row.total ?? 0) },
      lists: { lists: Number(row.list_count ?? 0), followed: Number(row.saved_list_count ?? 0) },
    };
  };

  return async (userId: number, known?: MetadataCounts): Promise<GzippedAnswer<string>> => {
    /*
     * The options are never stored under a newer version than theirs: the version is read
     * before them, with the session (plugins/session.ts) or else with the counts. With the
     * session's, the list counts came with it too (session 33), and only the options' catch-up
     * from the change log, after a write, is a statement of this request's own.
     */
    const { counters, lists } = known ?? (await readCounts(userId));
    const filters = await filterOptions(userId, counters.version);
    const figures = {
      saved_list_count: lists.followed,
      review_count: counters.total,
      list_count: lists.lists,
    };
    const head = `${JSON.stringify(figures).slice(0, -1)},`;
    const columns = FILTERS.map(([column]) => filters.values[column]);
    return {
      // Only when asked: the 100,000-spot user's is a ~115 KB string, a large object V8
      // allocates in its old generation, and most clients take gzip (decision 023, session 23).
      plain: () => `${head}${columns.map((c) => c.json).join('')}}`,
      gzipped: () =>
        gzipOfParts([
          deflatedText(head),
          ...columns.map((c) => c.deflated),
          deflatedText('}', { last: true }),
        ]),
    };
  };
}
