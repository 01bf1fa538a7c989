import { IMPORT_MESSAGES, LIMITS, normalizeText, type ImportSummary } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { badRequest } from '../../lib/errors.ts';
import { clock } from '../../lib/clock.ts';
import { ensureOnList } from '../lists/list-reviews-repository.ts';
import { insertList } from '../lists/list-writes.ts';
import { createCustomPlace } from '../places/custom-places.ts';
import type { PlacesProvider } from '../places/provider.ts';
import { isCustomPlaceId, placeRowFromProvider, type PlaceRow } from '../places/store.ts';
import { insertSpot } from '../reviews/create.ts';
import type { NewCustomPlace } from './matcher.ts';
import { importRows, type ImportRecord, type ImportRowRecord } from './repository.ts';

interface Owner {
  id: number;
  username: string;
}

/** Another confirm of the same import got there first (its transaction committed). */
class AlreadyConfirmed extends Error {}

/** A list name as the lists module takes it: at most LIMITS.listName characters. */
const listNameOf = (name: string) => [...name.trim()].slice(0, LIMITS.listName).join('').trim();

/** Ids per query: far below either database's parameter limit. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function storedPlaces(db: Db, ids: string[]) {
  const rows: PlaceRow[] = [];
  for (const chunk of chunks(ids)) {
    rows.push(...(await db.selectFrom('places').selectAll().where('id', 'in', chunk).execute()));
  }
  return rows;
}

/**
 * Provider places are stored before the transaction, in batches: a provider may be a
 * network away, and a place row is shared data, not the account's (a rolled-back confirm
 * leaving one stored changes nothing anyone sees). The rules are placeForUser's: a stored
 * place, the user's own pin, or one the provider knows; anything else (a place the
 * provider no longer knows, someone else's pin) makes the row a skip.
 */
async function placesOf(db: Db, provider: PlacesProvider, userId: number, rows: ImportRowRecord[]) {
  const ids = [...new Set(rows.map((r) => r.match_place_id).filter((id) => id !== null))];
  const known = new Map((await storedPlaces(db, ids)).map((p) => [p.id, p]));
  const fetched = [];
  for (const id of ids) {
    if (known.has(id) || isCustomPlaceId(id)) continue;
    const place = await provider.getPlace(id);
    if (place && place.id === id) fetched.push(placeRowFromProvider(place, clock.now()));
  }
  for (const chunk of chunks(fetched)) {
    await db
      .insertInto('places')
      .values(chunk)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  const places = new Map<string, PlaceRow>();
  for (const place of await storedPlaces(db, ids)) {
    const mine = !isCustomPlaceId(place.id) || place.owner_id === userId;
    if (mine) places.set(place.id, place);
  }
  return places;
}

/**
 * POST /api/imports/{id}/confirm/ (contract §7), all in one transaction: one spot per
 * place (a place the user already has only joins the row's list), one private list per
 * list name (an existing list of the same name is reused, so importing a file again adds
 * nothing), custom places for rows that asked for a pin. A second confirm answers the
 * first one's summary.
 */
export async function confirmImport(
  db: Db,
  provider: PlacesProvider,
  owner: Owner,
  record: ImportRecord,
  defaults: { visited: boolean },
): Promise<ImportSummary> {
  if (record.status === 'done' && record.summary)
    return JSON.parse(record.summary) as ImportSummary;
  if (record.status === 'failed') throw badRequest(IMPORT_MESSAGES.failed);
  if (record.status !== 'ready') throw badRequest(IMPORT_MESSAGES.stillMatching);

  const rows = await importRows(db, record.id);
  const wanted = rows.filter((r) => r.decision === 'create' && r.match_json !== null);
  const places = await placesOf(db, provider, owner.id, wanted);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db
        .transaction()
        .execute((trx) => writeAll(trx, owner, record.id, rows, places, defaults));
    } catch (error) {
      if (error instanceof AlreadyConfirmed) return firstSummary(db, record.id);
      // Two writers took the same list slug: the loser's whole transaction is retried.
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

async function firstSummary(db: Db, importId: number): Promise<ImportSummary> {
  const row = await db
    .selectFrom('imports')
    .select(['summary'])
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!row?.summary) throw badRequest(IMPORT_MESSAGES.alreadyConfirmed);
  return JSON.parse(row.summary) as ImportSummary;
}

async function writeAll(
  trx: Db,
  owner: Owner,
  importId: number,
  rows: ImportRowRecord[],
  places: Map<string, PlaceRow>,
  defaults: { visited: boolean },
): Promise<ImportSummary> {
  const now = clock.now();
  const claimed = await trx
    .updateTable('imports')
    .set({ status: 'done', updated_at: now })
    .where('id', '=', importId)
    .where('status', '=', 'ready')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AlreadyConfirmed();

  const spots = new Map(
    (
      await trx
        .selectFrom('reviews')
        .select(['id', 'place_id'])
        .where('user_id', '=', owner.id)
        .execute()
    ).map((s) => [s.place_id, s.id]),
  );
  const listsByName = new Map(
    (
      await trx
        .selectFrom('lists')
        .select(['id', 'name', 'slug'])
        .where('user_id', '=', owner.id)
        .orderBy('id')
        .execute()
    ).map((l) => [normalizeText(l.name), l]),
  );
  const pins = new Map<string, PlaceRow>();
  const counted = new Set<string>();
  const usedLists = new Map<number, { id: number; name: string; slug: string }>();
  const summary = { created: 0, already_had: 0, skipped: 0 };

  const placeOf = async (row: ImportRowRecord): Promise<PlaceRow | undefined> => {
    if (!row.new_custom_json)
      return row.match_place_id ? places.get(row.match_place_id) : undefined;
    const pin = JSON.parse(row.new_custom_json) as NewCustomPlace;
    // The same pin on two lists (two rows) is one place.
    const key = JSON.stringify([normalizeText(pin.name), pin.lat, pin.lng, pin.category]);
    let place = pins.get(key);
    if (!place) {
      place = await createCustomPlace(trx, owner.id, { ...pin, primaryType: pin.category }, null);
      pins.set(key, place);
    }
    return place;
  };

  const listOf = async (listName: string | null) => {
    const name = listName ? listNameOf(listName) : '';
    if (!name) return null;
    let list = listsByName.get(normalizeText(name));
    if (!list) {
      const body = { name, description: '', shareable_by_link: false };
      list = { name, ...(await insertList(trx, owner, body)) };
      listsByName.set(normalizeText(name), list);
    }
    usedLists.set(list.id, list);
    return list;
  };

  for (const row of rows) {
    const place = row.decision === 'create' ? await placeOf(row) : undefined;
    if (!place) {
      summary.skipped++;
      continue;
    }
    let spotId = spots.get(place.id);
    if (spotId === undefined) {
      const visited = row.visited === null ? defaults.visited : row.visited === 1;
      const spot = { review: row.note, rating: row.rating ?? 0, visited };
      spotId = await insertSpot(trx, owner.id, place, spot, now);
      spots.set(place.id, spotId);
      summary.created++;
    } else if (!counted.has(place.id)) {
      summary.already_had++;
    }
    counted.add(place.id);
    const list = await listOf(row.list_name);
    if (list) await ensureOnList(trx, list.id, spotId);
  }

  const result: ImportSummary = { ...summary, lists: [...usedLists.values()] };
  await trx
    .updateTable('imports')
    .set({ summary: JSON.stringify(result) })
    .where('id', '=', importId)
    .execute();
  return result;
}
