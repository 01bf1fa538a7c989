import { describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  IMPORT_NEW_CUSTOM_PLACE_ID,
  type Import,
  type ImportRow,
  type ImportSummary,
} from '@spotbook/contract';
import { useTestApp, type TestUser } from '../../../test/helper.ts';
import { createSpot } from '../../../test/factories.ts';
import { importFile, ownExportJson, savedPlacesJson } from './test/upload.ts';
import { insertImport } from './repository.ts';

const EIFFEL = { id: 'lm:fr-paris-eiffel-tower', lat: 48.85837, lng: 2.294481 };
const LOUVRE = { id: 'lm:fr-paris-louvre-museum', lat: 48.860611, lng: 2.337644 };

interface Spot {
  id: number;
  review: string;
  rating: number;
  visited: boolean;
  place_details: { id: string; displayName: string; primaryType: string };
}

async function spotsOf(user: TestUser): Promise<Spot[]> {
  const response = await user.client.get('/api/reviews/review/?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json<{ results: Spot[] }>().results;
}

async function listsOf(user: TestUser) {
  const response = await user.client.get('/api/lists/list/?limit=100');
  return response.json<{ results: { id: number; name: string; spot_count: number }[] }>().results;
}

/** Runtime contract §7: PATCH a row, confirm once, never a duplicate. */
describe('reviewing and confirming an import', () => {
  const { t, alice, bob, carol } = useTestApp({ users: ['alice', 'bob', 'carol'] });

  const confirm = (user: TestUser, id: number, body: object = {}) =>
    user.client.post(`/api/imports/${id}/confirm/`, body);
  const patch = (user: TestUser, id: number, index: number, body: unknown) =>
    user.client.patch(`/api/imports/${id}/rows/${index}/`, body as object);

  it('creates one spot per place, one private list per list name, with reviews, ratings and visited', async () => {
    const file = ownExportJson([
      {
        ...EIFFEL,
        name: 'Eiffel Tower',
        place_id: EIFFEL.id,
        review: 'Café au lait 😀',
        rating: 4,
        visited: true,
        lists: ['Paris trip', 'Towers'],
      },
      { ...LOUVRE, name: 'Louvre Museum', place_id: LOUVRE.id, rating: 5, lists: ['Paris trip'] },
      {
        name: 'Bench by the river',
        lat: 48.85,
        lng: 2.3,
        category: 'park',
        lists: ['A list name that is far too long'],
      },
    ]);
    const imported = await importFile(t, alice.client, 'spotbook-spots.geojson', file);
    expect(imported.status).toBe('ready');
    const response = await confirm(alice, imported.id, { visited: false });
    expect(response.statusCode).toBe(200);
    const summary = response.json<ImportSummary>();
    expect(summary).toMatchObject({ created: 3, already_had: 0, skipped: 0 });
    expect(summary.lists.map((l) => l.name).sort()).toEqual(
      ['A list name that is far t', 'Paris trip', 'Towers'].sort(),
    );

    const spots = await spotsOf(alice);
    const eiffel = spots.find((s) => s.place_details.id === EIFFEL.id)!;
    expect(eiffel).toMatchObject({ review: 'Café au lait 😀', rating: 4, visited: true });
    expect(spots.find((s) => s.place_details.id === LOUVRE.id)).toMatchObject({
      rating: 5,
      visited: false,
    });
    const bench = spots.find((s) => s.place_details.displayName === 'Bench by the river')!;
    expect(bench.place_details.id).toMatch(/^custom:/);
    expect(bench.place_details.primaryType).toBe('park');

    const lists = await listsOf(alice);
    expect(lists.find((l) => l.name === 'Paris trip')?.spot_count).toBe(2);
    expect(lists.find((l) => l.name === 'Towers')?.spot_count).toBe(1);
    const detail = await alice.client.get(`/api/lists/list/${summary.lists[0]!.id}/`);
    expect(detail.json<{ shareable_by_link: boolean }>().shareable_by_link).toBe(false);
    expect((await alice.client.get(`/api/imports/${imported.id}/`)).json<Import>().status).toBe(
      'done',
    );
  });

  it('creates nothing new on a second confirm, or when the same file is imported again', async () => {
    const file = savedPlacesJson([
      { name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng, comment: 'Go at night' },
      { name: 'Our picnic spot', lat: 48.87, lng: 2.31 },
    ]);
    const first = await importFile(t, bob.client, 'Saved Places.json', file);
    const summary = (await confirm(bob, first.id)).json<ImportSummary>();
    expect(summary).toMatchObject({ created: 2, already_had: 0 });
    const again = await confirm(bob, first.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(summary);

    const second = await importFile(t, bob.client, 'Saved Places.json', file);
    expect(second.rows.every((r) => r.existing_review_id !== null)).toBe(true);
    const summary2 = (await confirm(bob, second.id)).json<ImportSummary>();
    expect(summary2).toMatchObject({ created: 0, already_had: 2 });
    expect(await spotsOf(bob)).toHaveLength(2);
    const customs = await t.ctx.db
      .selectFrom('places')
      .select('id')
      .where('owner_id', '=', bob.id)
      .execute();
    expect(customs).toHaveLength(1);
  });

  it('adds a place the user already has to the list instead of a second spot, and reuses a list of the same name', async () => {
    const spot = await createSpot(carol, LOUVRE.id, { review: 'Mine', rating: 2 });
    const existing = await carol.client.post('/api/lists/list/', { name: 'Museums' });
    const file = ownExportJson([
      {
        ...LOUVRE,
        name: 'Louvre',
        place_id: LOUVRE.id,
        review: 'Theirs',
        rating: 5,
        lists: ['museums'],
      },
    ]);
    const imported = await importFile(t, carol.client, 'spots.geojson', file);
    expect(imported.rows[0]!.existing_review_id).toBe(spot.id);
    const summary = (await confirm(carol, imported.id)).json<ImportSummary>();
    expect(summary).toMatchObject({ created: 0, already_had: 1 });
    expect(summary.lists).toEqual([
      expect.objectContaining({ id: existing.json<{ id: number }>().id, name: 'Museums' }),
    ]);
    const [only] = await spotsOf(carol);
    expect(only).toMatchObject({ id: spot.id, review: 'Mine', rating: 2 });
    expect((await listsOf(carol)).find((l) => l.name === 'Museums')?.spot_count).toBe(1);
  });

  it('lets the user pick a place, drop a pin, skip a row, and take a skip back', async () => {
    const imported = await importFile(
      t,
      alice.client,
      'Saved Places.json',
      savedPlacesJson([
        { name: 'Paris' },
        { name: 'Qwxzv Plorkh' },
        { name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng },
      ]),
    );
    const picked = await patch(alice, imported.id, 0, {
      place_id: imported.rows[0]!.candidates[0]!.id,
    });
    expect(picked.statusCode).toBe(200);
    expect(picked.json<ImportRow>()).toMatchObject({
      match: { id: imported.rows[0]!.candidates[0]!.id },
      problem: null,
      decision: 'create',
    });
    const pin = { name: 'Plorkh', lat: 48.9, lng: 2.4, category: 'cafe' };
    const pinned = await patch(alice, imported.id, 1, { custom: pin });
    expect(pinned.json<ImportRow>().match).toMatchObject({
      id: IMPORT_NEW_CUSTOM_PLACE_ID,
      displayName: 'Plorkh',
      primaryType: 'cafe',
    });
    expect(
      (await patch(alice, imported.id, 2, { decision: 'skip' })).json<ImportRow>().decision,
    ).toBe('skip');
    expect(
      (await patch(alice, imported.id, 2, { decision: 'create' })).json<ImportRow>().decision,
    ).toBe('create');
    expect((await patch(alice, imported.id, 2, { decision: 'skip' })).statusCode).toBe(200);

    const summary = (await confirm(alice, imported.id, { visited: true })).json<ImportSummary>();
    expect(summary.skipped).toBe(1);
    const spots = await spotsOf(alice);
    expect(spots.find((s) => s.place_details.displayName === 'Plorkh')).toMatchObject({
      visited: true,
    });
  });

  it('refuses bad patches with a clean 400 or 404', async () => {
    const imported = await importFile(
      t,
      alice.client,
      'Saved Places.json',
      savedPlacesJson([{ name: 'Qwxzv Plorkh' }]),
    );
    const id = imported.id;
    expect((await patch(alice, id, 0, { place_id: 'lm:nope' })).json()).toMatchObject({
      detail: IMPORT_MESSAGES.unknownPlace,
    });
    expect((await patch(alice, id, 0, { decision: 'create' })).json()).toMatchObject({
      detail: IMPORT_MESSAGES.chooseAPlace,
    });
    for (const body of [
      {},
      { place_id: '' },
      { place_id: 'a\u0000b' },
      { place_id: 'x'.repeat(100_000) },
      { decision: 'maybe' },
      { place_id: 'lm:x', decision: 'skip' },
      { custom: { name: 'x', lat: 91, lng: 0, category: 'cafe' } },
      { custom: { name: 'x', lat: 1, lng: 1, category: 'volcano' } },
      { custom: { name: '', lat: 1, lng: 1, category: 'cafe' } },
      [],
      null,
    ]) {
      const response = await patch(alice, id, 0, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(typeof response.json<{ detail: string }>().detail).toBe('string');
    }
    for (const index of ['1', '99999', '-1', 'x', '1e3', '999999999999']) {
      const response = await alice.client.patch(`/api/imports/${id}/rows/${index}/`, {
        decision: 'skip',
      });
      expect(response.statusCode, index).toBe(404);
    }
    // A pin from someone else's file is not a place this user may pick.
    const bobsPin = await bob.client.post('/api/places/custom/', {
      name: 'B',
      primaryType: 'cafe',
      lat: 1,
      lng: 1,
    });
    const foreign = await patch(alice, id, 0, { place_id: bobsPin.json<{ id: string }>().id });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses to confirm or patch while matching, and to patch after confirming', async () => {
    const id = await insertImport(t.ctx.db, {
      userId: alice.id,
      source: 'pending.json',
      file: {
        format: 'geojson',
        rows: [
          {
            name: 'A',
            list_name: null,
            note: '',
            lat: 1,
            lng: 1,
            source_url: '',
            address: '',
            category: null,
            rating: null,
            visited: null,
            place_id: null,
            problem: null,
          },
        ],
      },
    });
    expect((await confirm(alice, id)).json()).toMatchObject({
      detail: IMPORT_MESSAGES.stillMatching,
    });
    expect((await patch(alice, id, 0, { decision: 'skip' })).json()).toMatchObject({
      detail: IMPORT_MESSAGES.stillMatching,
    });
    const done = await importFile(
      t,
      alice.client,
      'Saved Places.json',
      savedPlacesJson([{ name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng }]),
    );
    expect((await confirm(alice, done.id)).statusCode).toBe(200);
    expect((await patch(alice, done.id, 0, { decision: 'skip' })).json()).toMatchObject({
      detail: IMPORT_MESSAGES.alreadyConfirmed,
    });
    for (const body of [{ visited: 'yes' }, { visited: null }, []]) {
      const response = await confirm(alice, done.id, body);
      expect(response.statusCode).toBe(400);
    }
  });

  it('confirms once when two confirms race', async () => {
    const imported = await importFile(
      t,
      bob.client,
      'Saved Places.json',
      savedPlacesJson([{ name: 'Louvre Museum', lat: LOUVRE.lat, lng: LOUVRE.lng }]),
    );
    const before = (await spotsOf(bob)).length;
    const answers = await Promise.all([confirm(bob, imported.id), confirm(bob, imported.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [first, second] = answers;
    expect(first?.json()).toEqual(second?.json());
    expect(await spotsOf(bob)).toHaveLength(before + 1);
  });
});
