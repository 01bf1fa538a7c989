import type { AppContext } from '../../../context.ts';
import { createPlace, createSpot } from '../../../../test/factories.ts';
import type { TestUser } from '../../../../test/helper.ts';
import { createList, type CreatedList } from '../../lists/test/factories.ts';

/** Text that every writer must carry through unharmed: accents, emoji, quotes, markup. */
export const TRICKY = {
  placeName: 'Café "Le <Chat> & Chien" 😺',
  address: "12 rue de l'Église, 75004 Paris — «France»",
  review: 'Crème brûlée à tomber 🍮, "vraiment" <b>bon</b> & pas cher;\nsecond line, with a comma',
  formulaReview: '=HYPERLINK("http://evil.example","click")',
  listName: 'Cafés & <bars> "à voir" 🍷',
} as const;

export interface ExpectedSpot {
  id: number;
  name: string;
  address: string;
  category: string;
  review: string;
  rating: number;
  visited: boolean;
  lists: string[];
  place_id: string;
  latitude: number;
  longitude: number;
}

export interface ExportWorld {
  lists: { cafes: CreatedList; trip: CreatedList; empty: CreatedList };
  /** by a short name: cafe (both lists), museum (trip), pin (custom, trip), lonely (no list) */
  spots: Record<'cafe' | 'museum' | 'pin' | 'lonely', ExpectedSpot>;
}

async function addToList(user: TestUser, list: number, review: number) {
  const response = await user.client.post('/api/list_reviews/list_review/', { list, review });
  if (response.statusCode !== 201) throw new Error(`add to list failed: ${response.body}`);
}

/**
 * A user with spots in every shape an export meets: a provider place with tricky text on
 * two lists, another on one list, a custom pin (a place the user made), a spot on no list
 * whose review looks like a spreadsheet formula, and an empty list.
 */
export async function buildExportWorld(ctx: AppContext, user: TestUser): Promise<ExportWorld> {
  const cafes = await createList(user.client, { name: TRICKY.listName, shareable_by_link: true });
  const trip = await createList(user.client, { name: 'Trip to Kyoto 京都' });
  const empty = await createList(user.client, { name: 'Nothing yet' });

  const cafePlace = await createPlace(ctx, {
    display_name: TRICKY.placeName,
    formatted_address: TRICKY.address,
    primary_type: 'cafe',
    lat: 48.853,
    lng: 2.3499,
  });
  const museumPlace = await createPlace(ctx, {
    display_name: 'Musée d’Orsay',
    primary_type: 'museum',
    lat: -33.8568,
    lng: 151.2153,
    google_maps_uri: 'https://maps.google.com/?cid=123&q=a%20b',
  });
  const lonelyPlace = await createPlace(ctx, {
    display_name: '@home',
    formatted_address: '',
    primary_type: 'park',
    lat: 0.5,
    lng: -179.5,
  });
  const pinResponse = await user.client.post('/api/places/custom/', {
    name: 'Bench by the river 🪑',
    primaryType: 'park',
    lat: 35.0116,
    lng: 135.7681,
  });
  if (pinResponse.statusCode !== 201) throw new Error(`custom pin failed: ${pinResponse.body}`);
  const pin = pinResponse.json<{
    id: string;
    formattedAddress: string;
    lat: number;
    lng: number;
  }>();

  const cafe = await createSpot(user, cafePlace, {
    review: TRICKY.review,
    rating: 5,
    visited: true,
    list_id: cafes.id,
  });
  await addToList(user, trip.id, cafe.id);
  const museum = await createSpot(user, museumPlace, { rating: 3, list_id: trip.id });
  const pinSpot = await createSpot(user, pin.id, {
    review: 'Quiet at dawn',
    rating: 4,
    visited: true,
    list_id: trip.id,
  });
  const lonely = await createSpot(user, lonelyPlace, { review: TRICKY.formulaReview, rating: 1 });

  return {
    lists: { cafes, trip, empty },
    spots: {
      cafe: {
        id: cafe.id,
        name: TRICKY.placeName,
        address: TRICKY.address,
        category: 'cafe',
        review: TRICKY.review,
        rating: 5,
        visited: true,
        lists: [cafes.name, trip.name],
        place_id: cafePlace,
        latitude: 48.853,
        longitude: 2.3499,
      },
      museum: {
        id: museum.id,
        name: 'Musée d’Orsay',
        address: '1 Main Street, Paris, France',
        category: 'museum',
        review: '',
        rating: 3,
        visited: false,
        lists: [trip.name],
        place_id: museumPlace,
        latitude: -33.8568,
        longitude: 151.2153,
      },
      pin: {
        id: pinSpot.id,
        name: 'Bench by the river 🪑',
        address: pin.formattedAddress,
        category: 'park',
        review: 'Quiet at dawn',
        rating: 4,
        visited: true,
        lists: [trip.name],
        place_id: pin.id,
        latitude: pin.lat,
        longitude: pin.lng,
      },
      lonely: {
        id: lonely.id,
        name: '@home',
        address: '',
        category: 'park',
        review: TRICKY.formulaReview,
        rating: 1,
        visited: false,
        lists: [],
        place_id: lonelyPlace,
        latitude: 0.5,
        longitude: -179.5,
      },
    },
  };
}
