import type { Insertable, Selectable } from 'kysely';
import { IMPORT_LIMITS, type Photo } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import type { ImportRowsTable, ImportsTable } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { photosOfSpots } from '../photos/repository.ts';
import { userReviewOfPlace } from '../places/store.ts';
import type { ParsedFile, ParsedRow } from './formats/index.ts';

export type ImportRecord = Selectable<ImportsTable>;
export type ImportRowRecord = Selectable<ImportRowsTable>;

/** Rows per INSERT: 22 columns × 200 stays far below either database's parameter limit. */
const INSERT_BATCH = 200;

/** The note as it will become a review: cut to the review's limit, with a flag saying so. */
function noteOf(row: ParsedRow) {
  const chars = [...row.note];
  const cut = chars.length > IMPORT_LIMITS.noteChars;
  return { note: cut ? chars.slice(0, IMPORT_LIMITS.noteChars).join('') : row.note, cut };
}

function rowValues(importId: number, row: ParsedRow, idx: number): Insertable<ImportRowsTable> {
  const { note, cut } = noteOf(row);
  return {
    import_id: importId,
    idx,
    name: row.name,
    list_name: row.list_name,
    note,
    note_truncated: cut ? 1 : 0,
    lat: row.lat,
    lng: row.lng,
    source_url: row.source_url,
    address: row.address,
    category: row.category,
    rating: row.rating,
    visited: row.visited === null ? null : row.visited ? 1 : 0,
    file_place_id: row.place_id,
    problem: row.problem,
    matched: 0,
    match_place_id: null,
    match_json: null,
    candidates_json: '[]',
    new_custom_json: null,
    decision: 'create',
  };
}

/** The import and all its rows in one transaction, status `matching`: never half-stored. */
export async function insertImport(
  db: Db,
  entry: { userId: number; source: string; file: ParsedFile },
): Promise<number> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('imports')
      .values({
        user_id: entry.userId,
        source: entry.source,
        format: entry.file.format,
        status: 'matching',
        detail: null,
        done: 0,
        total: entry.file.rows.length,
        lease_until: 0,
        attempts: 0,
        summary: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = entry.file.rows;
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH);
      await trx
        .insertInto('import_rows')
        .values(batch.map((row, i) => rowValues(id, row, start + i)))
        .execute();
    }
    return id;
  });
}

/** The caller's import, or undefined for anyone else's (which must look missing: 404). */
export function findImport(db: Db, id: number, userId: number) {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function importRows(db: Db, importId: number) {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .orderBy('idx')
    .execute();
}

export function importRow(db: Db, importId: number, idx: number) {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('idx', '=', idx)
    .executeTakeFirst();
}

/** The caller's spot of a row's matched place, with its cover photo if it has one. */
export interface ExistingSpot {
  id: number;
  cover: Photo | null;
}

/** Each spot with its cover: the covers of all of them in one query (photosOfSpots). */
async function withCovers(db: Db, spotIds: number[]): Promise<ExistingSpot[]> {
  const photos = await photosOfSpots(db, spotIds);
  return spotIds.map((id) => ({ id, cover: photos.get(id)?.[0] ?? null }));
}

/** The caller's spot of one place, with its cover (a row's PATCH answer). */
export async function existingSpotOfPlace(
  db: Db,
  userId: number,
  placeId: string,
): Promise<ExistingSpot | null> {
  const spot = await userReviewOfPlace(db, userId, placeId);
  return spot ? (await withCovers(db, [spot.id]))[0]! : null;
}

/**
 * The caller's spot of each row's matched place, with its cover, by row index (contract:
 * existing_review_id, existing_cover).
 */
export async function existingSpotsByRow(
  db: Db,
  importId: number,
  userId: number,
): Promise<Map<number, ExistingSpot>> {
  const rows = await db
    .selectFrom('import_rows')
    .innerJoin('reviews', 'reviews.place_id', 'import_rows.match_place_id')
    .select(['import_rows.idx', 'reviews.id'])
    .where('import_rows.import_id', '=', importId)
    .where('reviews.user_id', '=', userId)
    .execute();
  const spots = await withCovers(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r, i) => [r.idx, spots[i]!]));
}

/** The caller's newest imports, without their rows. */
export function recentImports(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function deleteImport(db: Db, id: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('imports')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What the matcher decided for one row. */
export interface RowMatch {
  idx: number;
  match_place_id: string | null;
  match_json: string | null;
  candidates_json: string;
  new_custom_json: string | null;
  problem: string | null;
}

/** One row's match (the matcher, or the user's PATCH); `decision` when it changes. */
export async function saveRowMatch(
  db: Db,
  importId: number,
  match: RowMatch,
  decision?: 'create' | 'skip',
) {
  const { idx, ...values } = match;
  await db
    .updateTable('import_rows')
    .set({ ...values, matched: 1, ...(decision ? { decision } : {}) })
    .where('import_id', '=', importId)
    .where('idx', '=', idx)
    .execute();
}

export async function setDecision(db: Db, importId: number, idx: number, decision: string) {
  await db
    .updateTable('import_rows')
    .set({ decision })
    .where('import_id', '=', importId)
    .where('idx', '=', idx)
    .execute();
}
