import type { Db, DialectName } from '../../db/connection.ts';
import {
  matchesWords,
  mergeOrder,
  passesFilters,
  readChangesFor,
  shiftPositions,
  type SpotImage,
} from './gallery-changes.ts';
import type { Positions } from './gallery-positions.ts';
import { queryWords } from './search-text.ts';
import type { GalleryQuery } from './sort-keys.ts';

/**
 * `known` brought to the current version (at least `atLeast`) by applying the logged
 * changes, or undefined when it can't be (nothing worth keeping, the log doesn't reach
 * back that far, a spot's words this process can't match exactly): the caller starts
 * afresh. The result may be newer than asked for, which a request may always use.
 */
export async function catchUp(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  known: Positions,
  atLeast: number,
): Promise<Positions | undefined> {
  const words = queryWords(q.search);
  const kept = words.length
    ? known.order !== undefined || known.matchIds !== undefined
    : known.count !== undefined || known.marks.length > 0;
  if (!kept) return;
  const read = await readChangesFor(db, userId, known.version, atLeast);
  if (!read) return;
  const { version, changes } = read;
  if (!words.length) return shiftPositions(known, q, changes, version);
  // Spots matching the words now; the set of matches (SQLite) has no other filter.
  const matching: SpotImage[] = [];
  for (const { after } of changes) {
    if (!after || (!known.matchIds && !passesFilters(q, after))) continue;
    const match = matchesWords(after.search_norm!, words, dialect);
    if (match === undefined) return;
    if (match) matching.push(after);
  }
  const inQuery = matching.filter((spot) => passesFilters(q, spot));
  const order = known.order && mergeOrder(known.order, q, changes, inQuery);
  const matchIds =
    known.matchIds &&
    mergeOrder(
      { ids: known.matchIds, ratings: new Uint8Array(known.matchIds.length) },
      { ...q, sortBy: 'oldest' },
      changes,
      matching,
    ).ids;
  const matches = matchIds?.length ?? known.matches;
  return { key: known.key, version, matches, marks: [], order, matchIds };
}
