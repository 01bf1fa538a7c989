import { describe, expect, it } from 'vitest';
import { presentJoinedSpots, type JoinedPhoto, type SpotRow } from './presenter.ts';

/** A spot row as the reviews ⋈ places query gives it, with one photo's columns or nulls. */
const row = (id: number, photo?: [id: number, width: number, height: number]) =>
  ({
    id,
    user_id: 7,
    review: `Spot ${id}`,
    rating: 4,
    visited: 1,
    created_at: 0,
    updated_at: 0,
    place_id: `place-${id}`,
    display_name: `Place ${id}`,
    formatted_address: '',
    city: 'Paris',
    country: 'FR',
    lat: 48.85,
    lng: 2.35,
    primary_type: 'cafe',
    website_uri: '',
    google_maps_uri: '',
    editorial_summary: '',
    cached_preview_image: '',
    photo_id: photo?.[0] ?? null,
    photo_width: photo?.[1] ?? null,
    photo_height: photo?.[2] ?? null,
  }) as SpotRow & JoinedPhoto;

describe('presentJoinedSpots (spots read with their photos by a left join)', () => {
  it('gives each spot once, in the rows’ order, with its photos in the rows’ order', () => {
    const spots = presentJoinedSpots([
      row(3, [30, 800, 600]),
      row(3, [31, 600, 800]),
      row(5),
      row(9, [90, 100, 100]),
    ]);
    expect(spots.map((s) => [s.id, s.photos.map((p) => p.id)])).toEqual([
      [3, [30, 31]],
      [5, []],
      [9, [90]],
    ]);
    expect(spots[0]!.photos[1]).toEqual({
      id: 31,
      width: 600,
      height: 800,
      url: '/api/photos/31/large.webp',
      thumb_url: '/api/photos/31/thumb.webp',
    });
    expect(spots[1]).toMatchObject({ id: 5, review: 'Spot 5', visited: true, user: 7 });
  });

  it('gives nothing for no rows', () => {
    expect(presentJoinedSpots([])).toEqual([]);
  });
});
