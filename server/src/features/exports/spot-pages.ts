import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ExportScope } from './export-scope.ts';
import { EXPORT_COLUMNS, exportSpot, type ExportRow, type ExportSpot } from './export-spot.ts';

/**
 * Spots are read a page at a time (keyset on an indexed order, so page 200 costs what
 * page 1 does) and handed on one by one: an export of 100,000 spots never holds more
 * than a page in memory.
 */
export const EXPORT_PAGE_SIZE = 500;

export interface Cursor {
  at: number;
  id: number;
}

/**
 * Rows after the cursor in `ORDER BY at DESC, id DESC`; every row when there is no cursor
 * yet. Written as `at <= c AND (at < c OR id < i)` rather than a row-value comparison, so
 * the first half is a plain range the planner seeks an (…, at) index with.
 */
const olderThan = (at: string, id: string, after: Cursor | null) =>
  after === null
    ? sql<boolean>`1 = 1`
    : sql<boolean>`(${sql.ref(at)} <= ${after.at} and (${sql.ref(at)} < ${after.at} or ${sql.ref(id)} < ${after.id}))`;

/** Every row of `load`'s pages, one page read at a time. */
export async function* keyset<R>(
  load: (after: Cursor | null) => Promise<R[]>,
  cursorOf: (row: R) => Cursor,
): AsyncGenerator<R> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await load(after);
    yield* rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

type AccountRow = ExportRow;

/**
 * The user's spots, newest first: by id, as the gallery's "newest" (ids are the order of
 * creation), on its index reviews_user_newest (user_id, id, …).
 */
function accountRows(db: Db, userId: number, onlyUnlisted: boolean) {
  return keyset<AccountRow>(
    (after) =>
      db
        .selectFrom('reviews as r')
        .innerJoin('places as p', 'p.id', 'r.place_id')
        .select(EXPORT_COLUMNS)
        .where('r.user_id', '=', userId)
        .$if(after !== null, (q) => q.where('r.id', '<', after?.id ?? 0))
        .$if(onlyUnlisted, (q) =>
          q.where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('list_reviews as lr')
                  .select('lr.id')
                  .whereRef('lr.review_id', '=', 'r.id'),
              ),
            ),
          ),
        )
        .orderBy('r.id', 'desc')
        .limit(EXPORT_PAGE_SIZE)
        .execute(),
    (row) => ({ at: row.review_id, id: row.review_id }),
  );
}

type ListRow = ExportRow & { added_at: number; entry_id: number };

/** A list's spots, newest-added first, as its page shows them (index list_reviews_list_added). */
function listRows(db: Db, listId: number) {
  return keyset<ListRow>(
    (after) =>
      db
        .selectFrom('list_reviews as lr')
        .innerJoin('reviews as r', 'r.id', 'lr.review_id')
        .innerJoin('places as p', 'p.id', 'r.place_id')
        .select([...EXPORT_COLUMNS, 'lr.added_at', 'lr.id as entry_id'])
        .where('lr.list_id', '=', listId)
        .where(olderThan('lr.added_at', 'lr.id', after))
        .orderBy('lr.added_at', 'desc')
        .orderBy('lr.id', 'desc')
        .limit(EXPORT_PAGE_SIZE)
        .execute(),
    (row) => ({ at: row.added_at, id: row.entry_id }),
  );
}

/** Groups rows back into pages of EXPORT_PAGE_SIZE (the last one shorter). */
export async function* pagesOf<R>(rows: AsyncIterable<R>): AsyncGenerator<R[]> {
  let page: R[] = [];
  for await (const row of rows) {
    page.push(row);
    if (page.length === EXPORT_PAGE_SIZE) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** Each page's list names in one query. */
async function* withListNames(db: Db, userId: number, rows: AsyncGenerator<AccountRow>) {
  for await (const page of pagesOf(rows)) {
    const names = await listNamesOf(
      db,
      userId,
      page.map((row) => row.review_id),
    );
    for (const row of page) yield exportSpot(row, names.get(row.review_id) ?? []);
  }
}

async function listNamesOf(db: Db, userId: number, reviewIds: number[]) {
  const rows = await db
    .selectFrom('list_reviews as lr')
    .innerJoin('lists as l', 'l.id', 'lr.list_id')
    .select(['lr.review_id', 'l.name'])
    .where('lr.review_id', 'in', reviewIds)
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
  const names = new Map<number, string[]>();
  for (const row of rows) {
    const list = names.get(row.review_id) ?? [];
    list.push(row.name);
    names.set(row.review_id, list);
  }
  return names;
}

async function* listSpots(db: Db, listId: number, listName: string) {
  for await (const row of listRows(db, listId)) yield exportSpot(row, [listName]);
}

/** Every spot of the scope once, with the names of the lists (in scope) holding it. */
export function exportSpots(db: Db, scope: ExportScope): AsyncGenerator<ExportSpot> {
  return scope.kind === 'account'
    ? withListNames(db, scope.userId, accountRows(db, scope.userId, false))
    : listSpots(db, scope.list.id, scope.list.name);
}

export interface ExportFolder {
  /** the list's name; null for the spots on no list */
  name: string | null;
  spots: AsyncGenerator<ExportSpot>;
}

/**
 * The scope as folders (KML): one per list, a spot on several lists in each of them, then
 * the spots on no list. Consume each folder's spots before asking for the next folder.
 */
export async function* exportFolders(db: Db, scope: ExportScope): AsyncGenerator<ExportFolder> {
  if (scope.kind === 'list') {
    yield { name: scope.list.name, spots: listSpots(db, scope.list.id, scope.list.name) };
    return;
  }
  const lists = await db
    .selectFrom('lists')
    .select(['id', 'name'])
    .where('user_id', '=', scope.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const list of lists) yield { name: list.name, spots: listSpots(db, list.id, list.name) };
  const unlisted = accountRows(db, scope.userId, true);
  yield {
    name: null,
    spots: (async function* () {
      for await (const row of unlisted) yield exportSpot(row, []);
    })(),
  };
}
