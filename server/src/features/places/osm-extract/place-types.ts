import type { OsmTags } from './osm-element.ts';

/**
 * OSM tags → our type vocabulary, which is the Places API's (`cafe`, `pizza_restaurant`,
 * `museum`…: what Google and Photon results and custom pins already carry, shown by
 * titleCaseType). This table is ours because the vocabulary is: iD's presets give the
 * words people search with (presets.ts), not Google's type names.
 */
const BY_TAG: Record<string, string> = {
  'amenity=cafe': 'cafe',
  'amenity=restaurant': 'restaurant',
  'amenity=fast_food': 'fast_food_restaurant',
  'amenity=food_court': 'food_court',
  'amenity=ice_cream': 'ice_cream_shop',
  'amenity=bar': 'bar',
  'amenity=pub': 'pub',
  'amenity=biergarten': 'bar',
  'amenity=nightclub': 'night_club',
  'amenity=cinema': 'movie_theater',
  'amenity=theatre': 'performing_arts_theater',
  'amenity=arts_centre': 'cultural_center',
  'amenity=library': 'library',
  'amenity=marketplace': 'market',
  'amenity=place_of_worship': 'place_of_worship',
  'amenity=university': 'university',
  'amenity=pharmacy': 'pharmacy',
  'amenity=bank': 'bank',
  'amenity=hospital': 'hospital',
  'amenity=townhall': 'city_hall',
  'tourism=museum': 'museum',
  'tourism=gallery': 'art_gallery',
  'tourism=attraction': 'tourist_attraction',
  'tourism=viewpoint': 'observation_deck',
  'tourism=hotel': 'hotel',
  'tourism=hostel': 'hostel',
  'tourism=guest_house': 'guest_house',
  'tourism=motel': 'motel',
  'tourism=camp_site': 'campground',
  'tourism=zoo': 'zoo',
  'tourism=aquarium': 'aquarium',
  'tourism=theme_park': 'amusement_park',
  'tourism=artwork': 'tourist_attraction',
  'shop=bakery': 'bakery',
  'shop=pastry': 'bakery',
  'shop=supermarket': 'supermarket',
  'shop=convenience': 'convenience_store',
  'shop=books': 'book_store',
  'shop=clothes': 'clothing_store',
  'shop=shoes': 'shoe_store',
  'shop=butcher': 'butcher_shop',
  'shop=coffee': 'coffee_shop',
  'shop=wine': 'liquor_store',
  'shop=alcohol': 'liquor_store',
  'shop=mall': 'shopping_mall',
  'shop=department_store': 'department_store',
  'shop=florist': 'florist',
  'shop=jewelry': 'jewelry_store',
  'leisure=park': 'park',
  'leisure=garden': 'garden',
  'leisure=stadium': 'stadium',
  'leisure=water_park': 'water_park',
  'leisure=sports_centre': 'sports_complex',
  'leisure=fitness_centre': 'gym',
  'leisure=playground': 'playground',
  'leisure=nature_reserve': 'park',
  'leisure=beach_resort': 'beach',
  'historic=castle': 'castle',
  'historic=monument': 'monument',
  'historic=memorial': 'monument',
  'historic=palace': 'palace',
};

/** cuisine values with a Places API `<cuisine>_restaurant` type */
const CUISINES = new Set([
  'pizza',
  'ramen',
  'sushi',
  'japanese',
  'italian',
  'chinese',
  'indian',
  'thai',
  'mexican',
  'french',
  'seafood',
  'korean',
  'vietnamese',
  'greek',
  'turkish',
  'spanish',
  'lebanese',
  'hamburger',
  'barbecue',
  'vegetarian',
  'vegan',
  'brazilian',
  'indonesian',
  'mediterranean',
  'middle_eastern',
  'american',
  'african',
  'asian',
  'afghani',
]);
const RELIGIONS: Record<string, string> = {
  christian: 'church',
  muslim: 'mosque',
  jewish: 'synagogue',
  buddhist: 'buddhist_temple',
  hindu: 'hindu_temple',
  shinto: 'shinto_shrine',
};
/** When the value has no entry above, what the key alone says. */
const BY_KEY: Record<string, string> = {
  amenity: 'point_of_interest',
  tourism: 'tourist_attraction',
  shop: 'store',
  leisure: 'point_of_interest',
  historic: 'historical_landmark',
  craft: 'point_of_interest',
  office: 'corporate_office',
};

export function placeTypeOf(key: string, tags: OsmTags): string {
  const value = tags[key] ?? '';
  if (key === 'amenity' && value === 'restaurant') {
    const cuisine = (tags.cuisine ?? '').split(';')[0]!.trim();
    if (CUISINES.has(cuisine))
      return cuisine === 'hamburger' ? 'hamburger_restaurant' : `${cuisine}_restaurant`;
  }
  if (key === 'amenity' && value === 'cafe' && /(^|;)coffee_shop($|;)/.test(tags.cuisine ?? '')) {
    return 'coffee_shop';
  }
  if (key === 'amenity' && value === 'place_of_worship') {
    return RELIGIONS[tags.religion ?? ''] ?? 'place_of_worship';
  }
  return BY_TAG[`${key}=${value}`] ?? BY_KEY[key] ?? 'point_of_interest';
}
