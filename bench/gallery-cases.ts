import type { ReviewListQuery } from '@spotbook/contract';
import type { GalleryQuery } from '../server/src/features/reviews/gallery.ts';
import type { SeededDb } from './seed-spots.ts';

/** The gallery queries the benches time on the 100,000-spot user (issue 14 §1). */
const base: GalleryQuery = { offset: 0, limit: 20, sortBy: 'newest', visited: 'both' };
const q = (over: Partial<ReviewListQuery>): GalleryQuery => ({ ...base, ...over });

export function galleryCases(
  seeded: Pick<SeededDb, 'places'>,
): [name: string, query: GalleryQuery][] {
  const city = seeded.places[0]!.city;
  const country = seeded.places[0]!.country;
  const deep = 99_980;
  return [
    ['sort newest (page 1)', q({})],
    ['sort oldest', q({ sortBy: 'oldest' })],
    ['sort highest_rating', q({ sortBy: 'highest_rating' })],
    ['sort lowest_rating', q({ sortBy: 'lowest_rating' })],
    ['filter type=museum', q({ type: 'museum' })],
    [`filter city=${city}`, q({ city })],
    [`filter country=${country}`, q({ country })],
    ['filter visited=true', q({ visited: 'true' })],
    ['filter visited=false', q({ visited: 'false' })],
    ['page 1,000 newest (offset 19,980)', q({ offset: 19_980 })],
    ['last page newest (offset 99,980)', q({ offset: deep })],
    ['last page oldest', q({ offset: deep, sortBy: 'oldest' })],
    ['last page highest_rating', q({ offset: deep, sortBy: 'highest_rating' })],
    ['last page lowest_rating', q({ offset: deep, sortBy: 'lowest_rating' })],
    [
      'offset 50,000 highest, visited=true',
      q({ offset: 50_000, sortBy: 'highest_rating', visited: 'true' }),
    ],
    [
      'offset 45,000 lowest, visited=false',
      q({ offset: 45_000, sortBy: 'lowest_rating', visited: 'false' }),
    ],
    ['offset 9,000 country + lowest', q({ offset: 9_000, country, sortBy: 'lowest_rating' })],
    [
      'offset 4,900 type=cafe + highest',
      q({ offset: 4_900, type: 'cafe', sortBy: 'highest_rating' }),
    ],
    ['search place word "lantern"', q({ search: 'lantern' })],
    ['search review word "sunset"', q({ search: 'sunset' })],
    ['search "garden" newest', q({ search: 'garden' })],
    ['search "garden" highest_rating', q({ search: 'garden', sortBy: 'highest_rating' })],
    ['search "garden" lowest_rating', q({ search: 'garden', sortBy: 'lowest_rating' })],
    ['search "garden" visited=true', q({ search: 'garden', visited: 'true' })],
    ['search "garden" type=museum', q({ search: 'garden', type: 'museum' })],
    [
      'search "garden" last page highest',
      q({ search: 'garden', sortBy: 'highest_rating', offset: 9_320 }),
    ],
    ['search "garden" last page oldest', q({ search: 'garden', sortBy: 'oldest', offset: 9_320 })],
    ['search "mu" (short prefix)', q({ search: 'mu' })],
    ['search "gar" (three letters)', q({ search: 'gar' })],
    ['search "t" (one letter) newest', q({ search: 't' })],
    ['search "t" highest_rating', q({ search: 't', sortBy: 'highest_rating' })],
    [
      'search "t" offset 30,000 lowest',
      q({ search: 't', sortBy: 'lowest_rating', offset: 30_000 }),
    ],
    ['search "lantern" + highest_rating', q({ search: 'lantern', sortBy: 'highest_rating' })],
    ['search "golden lan" (2 words)', q({ search: 'golden lan' })],
    ['search "sunset" page 50', q({ search: 'sunset', offset: 980 })],
  ];
}
