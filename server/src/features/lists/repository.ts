import { normalizeText, type ListPageQuery } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { perDatabase } from '../../db/per-database.ts';
import { perTurnLoader } from '../../db/per-turn-loader.ts';
import { normalizeSlug } from './slugs.ts';
import { containsText } from './sql-like.ts';

/** A list row with what every answer about it needs: the owner's name, its spot count. */
export interface ListRecord {
  id: number;
  user_id: number;
  name: string;
  description: string;
  shareable_by_link: number;
  slug: string;
  owner_username: string;
  spot_count: number;
  /** moves on every write that changes the list's answer (migration 009) */
  version: number;
}

const MAX_INT = 2_147_483_647;

/** Ids are digits; slugs always hold a dash (usernames can't). Anything else is no list. */
export function parseListKey(key: string): { id: number } | { slug: string } | null {
  if (/^\d{1,10}$/.test(key)) {
    const id = Number(key);
    return id >= 1 && id <= MAX_INT ? { id } : null;
  }
  return key.includes('-') ? { slug: normalizeSlug(key) } : null;
}

function selectLists(db: Db) {
  return db
    .selectFrom('lists')
    .innerJoin('users', 'users.id', 'lists.user_id')
    .select((eb) => [
      'lists.id',
      'lists.user_id',
      'lists.name',
      'lists.description',
      'lists.shareable_by_link',
      'lists.slug',
      'lists.version',
      'users.username as owner_username',
      eb
        .selectFrom('list_reviews')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('list_reviews.list_id', '=', 'lists.id')
        .as('spot_count'),
    ]);
}

const withCount = <T extends { spot_count: number | null }>(row: T) => ({
  ...row,
  spot_count: Number(row.spot_count ?? 0),
});

/**
 * By id, current slug or any old slug (list_slugs holds them all): the lists one turn of the
 * event loop asks for read together, one statement for ids and one for slugs (decision
 * 023, session 28).
 */
export async function findList(db: Db, key: string): Promise<ListRecord | undefined> {
  const parsed = parseListKey(key);
  if (!parsed) return undefined;
  return listsByKey(db)('id' in parsed ? parsed.id : parsed.slug);
}

/** Lists by id (a number) or by a normalised slug (a string), per turn of the event loop. */
const listsByKey = perDatabase((db: Db) =>
  perTurnLoader<number | string, ListRecord>(async (keys) => {
    const ids = keys.filter((key) => typeof key === 'number');
    const slugs = keys.filter((key) => typeof key === 'string');
    const [byId, bySlug] = await Promise.all([
      ids.length ? listsById(db, ids) : [],
      slugs.length ? listsBySlugs(db, slugs) : [],
    ]);
    const found = new Map<number | string, ListRecord>();
    for (const row of byId) found.set(row.id, withCount(row));
    for (const { key_slug, ...row } of bySlug) found.set(key_slug, withCount(row));
    return found;
  }, 64),
);

const listsBySlugs = compiledOnce((db, slugs: string[]) =>
  selectLists(db)
    .innerJoin('list_slugs', 'list_slugs.list_id', 'lists.id')
    .select('list_slugs.slug as key_slug')
    .where('list_slugs.slug', 'in', slugs),
);

const listsById = compiledOnce((db, ids: number[]) => selectLists(db).where('lists.id', 'in', ids));
const versionsById = compiledOnce((db, ids: number[]) =>
  db.selectFrom('lists').select(['id', 'version']).where('id', 'in', ids),
);

/** The versions of the lists of these ids that still exist, without counting their spots. */
export async function listVersions(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = ids.length ? await versionsById(db, ids) : [];
  return new Map(rows.map((row) => [row.id, row.version]));
}

/** The lists of these ids that still exist, in no particular order. */
export async function listsByIds(db: Db, ids: number[]): Promise<ListRecord[]> {
  return ids.length ? (await listsById(db, ids)).map(withCount) : [];
}

export const searchNorm = (name: string, description: string) =>
  normalizeText(`${name} ${description}`);

/** The caller's own lists, newest first, optionally filtered by name and description. */
export async function ownListsPage(db: Db, userId: number, query: ListPageQuery) {
  const search = query.search ? normalizeText(query.search) : '';
  const base = db
    .selectFrom('lists')
    .where('lists.user_id', '=', userId)
    .$if(search !== '', (q) => q.where(containsText('lists.search_norm', search)));
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    selectLists(db)
      .where('lists.id', 'in', base.select('lists.id'))
      .orderBy('lists.created_at', 'desc')
      .orderBy('lists.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { count: Number(total.count), results: rows.map(withCount) };
}
