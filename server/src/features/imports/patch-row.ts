import { IMPORT_MESSAGES, type ImportRow, type ImportRowPatch } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { placePhotoPath } from '../places/photo-path.ts';
import type { PlacesProvider } from '../places/provider.ts';
import { placeDetailsFromRow, placeForUser } from '../places/store.ts';
import { customCategory, newCustomDetails, type NewCustomPlace } from './matcher.ts';
import { presentRow } from './presenter.ts';
import {
  existingSpotOfPlace,
  importRow,
  saveRowMatch,
  setDecision,
  type ImportRecord,
} from './repository.ts';

/** Rows can be changed only between matching and confirming. */
export function assertReviewable(record: ImportRecord) {
  if (record.status === 'ready') return;
  if (record.status === 'done') throw badRequest(IMPORT_MESSAGES.alreadyConfirmed);
  if (record.status === 'failed') throw badRequest(IMPORT_MESSAGES.failed);
  throw badRequest(IMPORT_MESSAGES.stillMatching);
}

/**
 * PATCH /api/imports/{id}/rows/{index}/ (contract §7): pick a place (a candidate or any
 * id the search API gave), ask for a new pin, or skip / take back a row.
 */
export async function patchRow(
  db: Db,
  provider: PlacesProvider,
  userId: number,
  record: ImportRecord,
  index: number,
  patch: ImportRowPatch,
): Promise<ImportRow> {
  assertReviewable(record);
  const row = await importRow(db, record.id, index);
  if (!row) throw notFound(IMPORT_MESSAGES.rowNotFound);
  const keep = { idx: index, candidates_json: row.candidates_json, problem: null };

  if ('place_id' in patch) {
    const place = await placeForUser(db, provider, userId, patch.place_id);
    if (!place) throw fieldError('place_id', IMPORT_MESSAGES.unknownPlace);
    const details = placeDetailsFromRow(place);
    const match = place.photo_ref
      ? { ...details, previewImageUrl: placePhotoPath(place.id) }
      : details;
    const entry = { ...keep, match_place_id: place.id, match_json: JSON.stringify(match) };
    await saveRowMatch(db, record.id, { ...entry, new_custom_json: null }, 'create');
  } else if ('custom' in patch) {
    const pin: NewCustomPlace = {
      ...patch.custom,
      category: customCategory(patch.custom.category),
    };
    const match = JSON.stringify(newCustomDetails(pin));
    const entry = { ...keep, match_place_id: null, match_json: match };
    await saveRowMatch(db, record.id, { ...entry, new_custom_json: JSON.stringify(pin) }, 'create');
  } else {
    if (patch.decision === 'create' && row.match_json === null) {
      throw fieldError('decision', IMPORT_MESSAGES.chooseAPlace);
    }
    await setDecision(db, record.id, index, patch.decision);
  }

  const updated = (await importRow(db, record.id, index))!;
  const existing = updated.match_place_id
    ? await existingSpotOfPlace(db, userId, updated.match_place_id)
    : null;
  return presentRow(updated, existing);
}
