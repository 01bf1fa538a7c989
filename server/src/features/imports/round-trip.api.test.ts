import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, type ImportSummary } from '@spotbook/contract';
import { signedInUser, useTestApp, type TestUser } from '../../../test/helper.ts';
import { buildExportWorld, type ExportWorld } from '../exports/test/export-fixtures.ts';
import { importFile } from './test/upload.ts';

interface Spot {
  id: number;
  review: string;
  rating: number;
  visited: boolean;
  place_details: { id: string; displayName: string; primaryType: string; lat: number; lng: number };
}

/** What a user's account holds, comparable across accounts: spots by place, and their lists. */
async function accountOf(user: TestUser) {
  const spots = (await user.client.get('/api/reviews/review/?limit=100')).json<{
    results: Spot[];
  }>().results;
  const lists = (await user.client.get('/api/lists/list/?limit=100')).json<{
    results: { id: number; name: string }[];
  }>().results;
  const listsOfSpot = new Map<number, string[]>();
  for (const list of lists) {
    const detail = (await user.client.get(`/api/lists/list/${list.id}/`)).json<{
      reviews: { id: number }[];
    }>();
    for (const spot of detail.reviews) {
      listsOfSpot.set(spot.id, [...(listsOfSpot.get(spot.id) ?? []), list.name].sort());
    }
  }
  return spots
    .map((s) => ({
      // A custom pin comes back as a new pin of the new account's: same name, place and type.
      place: s.place_details.id.startsWith('custom:')
        ? `pin ${s.place_details.displayName} ${s.place_details.lat.toFixed(5)},${s.place_details.lng.toFixed(5)} ${s.place_details.primaryType}`
        : s.place_details.id,
      review: s.review,
      rating: s.rating,
      visited: s.visited,
      lists: listsOfSpot.get(s.id) ?? [],
    }))
    .sort((a, b) => a.place.localeCompare(b.place));
}

/**
 * Issue 12's round trip: a user with ratings, visited flags, reviews with accents and emoji,
 * a custom pin and several lists exports each format; a new account imports each file and
 * gets the same places, lists, reviews, ratings and visited flags back.
 */
describe('export → import round trip', () => {
  const { t, alice } = useTestApp({ users: ['alice'] });
  let world: ExportWorld;

  it.each(EXPORT_FORMATS)('gives back the same account through %s', async (format) => {
    world ??= await buildExportWorld(t.ctx, alice);
    const exported = await alice.client.get(`/api/exports/spots.${format}`);
    expect(exported.statusCode).toBe(200);

    const newcomer = await signedInUser(t.app);
    const imported = await importFile(
      t,
      newcomer.client,
      `spotbook-spots.${format}`,
      exported.rawPayload,
    );
    expect(imported.status).toBe('ready');
    expect(imported.rows.every((r) => r.match !== null)).toBe(true);
    const summary = (
      await newcomer.client.post(`/api/imports/${imported.id}/confirm/`, {})
    ).json<ImportSummary>();
    expect(summary).toMatchObject({ created: 4, already_had: 0, skipped: 0 });

    const [before, after] = [await accountOf(alice), await accountOf(newcomer)];
    expect(after).toEqual(before);
    expect(Object.keys(world.spots)).toHaveLength(4);

    // Importing the same file again adds nothing.
    const again = await importFile(
      t,
      newcomer.client,
      `spotbook-spots.${format}`,
      exported.rawPayload,
    );
    const second = (
      await newcomer.client.post(`/api/imports/${again.id}/confirm/`, {})
    ).json<ImportSummary>();
    expect(second).toMatchObject({ created: 0, already_had: 4 });
    expect(await accountOf(newcomer)).toEqual(before);
  });
});
