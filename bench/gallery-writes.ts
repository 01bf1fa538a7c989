// The writes bench/gallery.ts makes before each "after a write" request: one spot of the
// bench user changed through the app's own repository functions, as the spot routes do.
import type { Db } from '../server/src/db/connection.ts';
import { insertSpot } from '../server/src/features/reviews/create.ts';
import { deleteSpot, findSpot, updateSpot } from '../server/src/features/reviews/repository.ts';
import { benchPlaceRow } from './seed-writers.ts';

/** Runs one write; its wall time in ms. */
const timed = async (write: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await write();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

/**
 * `write(i)` makes the i-th write of a cycle: visited toggled, rating changed, review text
 * changed (its search words), a spot created (on a new place), that spot deleted. Over two
 * cycles the seeded spots are back as they were, but for their `updated_at`. It resolves to
 * the milliseconds of the spot's write itself, without finding the spot or writing the new
 * place (bench/gallery-write-cost.ts).
 */
export function galleryWrites(db: Db, userId: number) {
  let created: number | undefined;
  let serial = 0;
  // The seeded spots' id range, read once (100,000 index entries): the spot created in a
  // cycle is deleted before the next update, so the range never changes between picks.
  let range: { min: number; max: number } | undefined;
  // Spots spread over the whole order (ids of the bench user are consecutive).
  const someSpot = async (i: number) => {
    range ??= await db
      .selectFrom('reviews')
      .select((eb) => [eb.fn.min<number>('id').as('min'), eb.fn.max<number>('id').as('max')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const { min, max } = range;
    for (let id = min + ((i * 7919) % (max - min)); ; id++) {
      const spot = await findSpot(db, id);
      if (spot?.user_id === userId) return spot;
    }
  };
  const kinds = [
    async (i: number) => {
      const spot = await someSpot(i);
      return timed(() => updateSpot(db, spot, { visited: spot.visited === 0 }));
    },
    async (i: number) => {
      const spot = await someSpot(i);
      return timed(() => updateSpot(db, spot, { rating: (spot.rating + 3) % 6 }));
    },
    async (i: number) => {
      const spot = await someSpot(i);
      const review = spot.review.endsWith(' garden')
        ? spot.review.slice(0, -7)
        : `${spot.review} garden`;
      return timed(() => updateSpot(db, spot, { review }));
    },
    async () => {
      const row = benchPlaceRow(
        {
          id: `bench:after-write-${process.pid}-${serial++}`,
          display_name: 'Tea garden terrace',
          formatted_address: '2 Tower Street, Lyon, France',
          city: 'Lyon',
          country: 'France',
          lat: 45.76,
          lng: 4.83,
          primary_type: 'cafe',
        },
        Date.now(),
      );
      const place = await db
        .insertInto('places')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
      const spot = { review: 'the best sunset', rating: 4, visited: true };
      return timed(async () => (created = await insertSpot(db, userId, place, spot, Date.now())));
    },
    async () => {
      const spot = created;
      created = undefined;
      return spot === undefined ? 0 : timed(() => deleteSpot(db, spot, userId));
    },
  ];
  return (i: number): Promise<number> => kinds[i % kinds.length]!(i);
}
