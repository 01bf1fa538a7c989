import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, IMPORT_NEW_CUSTOM_PLACE_ID, type ImportRow } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { createSpot } from '../../../test/factories.ts';
import { photoOfSpot } from '../photos/test/fixtures.ts';
import { importFile, ownExportJson, savedPlacesJson } from './test/upload.ts';

const EIFFEL = { id: 'lm:fr-paris-eiffel-tower', lat: 48.85837, lng: 2.294481 };
const LOUVRE = 'lm:fr-paris-louvre-museum';

/** Runtime contract §7's matching, every path, against the embedded places index. */
describe('matching an import', () => {
  const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
  const rowsOf = async (name: string, content: string) =>
    (await importFile(t, alice.client, name, content)).rows;

  it('takes a place id from our own export as an exact match, wherever the file puts it', async () => {
    const [row] = await rowsOf(
      'spots.geojson',
      ownExportJson([{ name: 'Tour', lat: 10, lng: 10, place_id: EIFFEL.id }]),
    );
    expect(row!.match?.id).toBe(EIFFEL.id);
    expect(row!.candidates).toEqual([]);
  });

  it('matches the nearby place of the most similar name (accents and case aside)', async () => {
    const [row] = await rowsOf(
      'Saved Places.json',
      savedPlacesJson([{ name: 'eiffel tówer', lat: 48.8584, lng: 2.2946 }]),
    );
    expect(row!.match?.id).toBe(EIFFEL.id);
    expect(row!.problem).toBeNull();
  });

  it('reads coordinates from a Google Maps URL when the file gives none', async () => {
    const url = `https://www.google.com/maps/place/Eiffel+Tower/@${EIFFEL.lat},${EIFFEL.lng},17z`;
    const [row] = await rowsOf(
      'Saved Places.json',
      savedPlacesJson([{ name: 'Eiffel Tower', url }]),
    );
    expect(row!.lat).toBeCloseTo(EIFFEL.lat, 4);
    expect(row!.match?.id).toBe(EIFFEL.id);
  });

  it('makes a new pin where no similar name lies within 250 m, with the nearby places to choose from', async () => {
    const rows = await rowsOf(
      'Saved Places.json',
      savedPlacesJson([
        { name: "Grandma's bench", lat: 48.8584, lng: 2.2945 },
        // The Eiffel Tower's name, but 2 km away: too far to be it.
        { name: 'Eiffel Tower', lat: 48.8764, lng: 2.2945 },
      ]),
    );
    expect(rows[0]!.match).toMatchObject({
      id: IMPORT_NEW_CUSTOM_PLACE_ID,
      displayName: "Grandma's bench",
      lat: 48.8584,
      lng: 2.2945,
      primaryType: 'point_of_interest',
    });
    expect(rows[1]!.match?.id).toBe(IMPORT_NEW_CUSTOM_PLACE_ID);
    expect(rows[1]!.candidates.map((c) => c.id)).toContain(EIFFEL.id);
  });

  it('searches a name-only row near the file’s other places and among cities', async () => {
    const rows = await rowsOf(
      'Saved Places.json',
      savedPlacesJson([
        { name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng },
        { name: 'Louvre Museum' },
        { name: 'Paris' },
        { name: 'Qwxzv Plorkh' },
      ]),
    );
    expect(rows[1]!.match?.id).toBe(LOUVRE);
    // Of the places called Paris, the one where the file's other places are.
    expect(rows[2]!.match).toMatchObject({ displayName: 'Paris', country: 'France' });
    expect(rows[3]!).toMatchObject({
      match: null,
      candidates: [],
      problem: IMPORT_MESSAGES.notFound,
    });
  });

  it('lets the user choose when a name alone fits several places equally', async () => {
    const [row] = await rowsOf('Saved Places.json', savedPlacesJson([{ name: 'Paris' }]));
    expect(row!.match).toBeNull();
    expect(row!.candidates.length).toBeGreaterThan(1);
    expect(row!.candidates.every((c) => c.displayName.startsWith('Paris'))).toBe(true);
    expect(row!.problem).toBe(IMPORT_MESSAGES.choose);
  });

  it('leaves a row with no name and no location unmatched, saying why', async () => {
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: null, properties: { name: '' } }],
    });
    const [row] = await rowsOf('empty.geojson', file);
    expect(row!.match).toBeNull();
    expect(row!.problem).toBeTruthy();
  });

  it("matches the user's own pins by id and by place, never someone else's", async () => {
    const pin = await alice.client.post('/api/places/custom/', {
      name: 'Secret garden',
      primaryType: 'park',
      lat: 45.1,
      lng: 5.1,
    });
    const pinId = pin.json<{ id: string }>().id;
    const bobsPin = await bob.client.post('/api/places/custom/', {
      name: 'Bob hut',
      primaryType: 'home',
      lat: 45.2,
      lng: 5.2,
    });
    const bobsPinId = bobsPin.json<{ id: string }>().id;
    const rows = await rowsOf(
      'spots.geojson',
      ownExportJson([
        { name: 'Secret garden', lat: 45.1, lng: 5.1, place_id: pinId },
        { name: 'secret garden', lat: 45.1001, lng: 5.1001 },
        { name: 'Bob hut', lat: 45.2, lng: 5.2, place_id: bobsPinId, category: 'home' },
      ]),
    );
    expect(rows[0]!.match?.id).toBe(pinId);
    expect(rows[1]!.match?.id).toBe(pinId);
    expect(rows[2]!.match).toMatchObject({ id: IMPORT_NEW_CUSTOM_PLACE_ID, primaryType: 'home' });
  });

  it("points at the user's spot of a matched place (existing_review_id)", async () => {
    const spot = await createSpot(alice, EIFFEL.id);
    const [row]: ImportRow[] = await rowsOf(
      'Saved Places.json',
      savedPlacesJson([{ name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng }]),
    );
    expect(row!.existing_review_id).toBe(spot.id);
    expect(row!.existing_cover).toBeNull();
    // With a photo, the row shows that spot's cover (issue 13), to alice only.
    const cover = await photoOfSpot(t.ctx.db, spot.id, alice.id);
    const [withCover] = await rowsOf(
      'Saved Places.json',
      savedPlacesJson([{ name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng }]),
    );
    expect(withCover!.existing_cover).toEqual(cover);
    const [bobsRow] = (
      await importFile(
        t,
        bob.client,
        'Saved Places.json',
        savedPlacesJson([{ name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng }]),
      )
    ).rows;
    expect(bobsRow!.existing_review_id).toBeNull();
    expect(bobsRow!.existing_cover).toBeNull();
  });

  it('cuts a note longer than a review, and says so', async () => {
    const [row] = await rowsOf(
      'Saved Places.json',
      savedPlacesJson([
        { name: 'Eiffel Tower', lat: EIFFEL.lat, lng: EIFFEL.lng, comment: 'é'.repeat(900) },
      ]),
    );
    expect([...row!.note]).toHaveLength(800);
    expect(row!.note_truncated).toBe(true);
  });
});
