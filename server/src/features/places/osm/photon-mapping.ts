import { z } from 'zod';
import type { ProviderPlace } from '../provider.ts';
import { joinAddress, mapsSearchUrl } from '../place-text.ts';

/** The parts of Photon's GeoJSON reply that we read; everything else may vary. */
const photonFeatureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    osm_type: z.enum(['N', 'W', 'R']),
    osm_id: z.number().int(),
    osm_key: z.string().default(''),
    osm_value: z.string().default(''),
    /** Photon's layer: house, street, locality, district, city, county, state, country */
    type: z.string().optional(),
    name: z.string().optional(),
    housenumber: z.string().optional(),
    street: z.string().optional(),
    postcode: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    countrycode: z.string().optional(),
  }),
});
export const photonReplySchema = z.object({ features: z.array(z.unknown()) });
export type PhotonFeature = z.infer<typeof photonFeatureSchema>;

/** OSM tags → Places API type names (the vocabulary the web shows), most specific first. */
const TYPE_BY_TAG: Record<string, string> = {
  'amenity=place_of_worship': 'place_of_worship',
  'amenity=restaurant': 'restaurant',
  'amenity=fast_food': 'fast_food_restaurant',
  'amenity=cafe': 'cafe',
  'amenity=bar': 'bar',
  'amenity=pub': 'bar',
  'amenity=library': 'library',
  'amenity=theatre': 'performing_arts_theater',
  'amenity=cinema': 'movie_theater',
  'amenity=university': 'university',
  'amenity=marketplace': 'market',
  'tourism=museum': 'museum',
  'tourism=gallery': 'art_gallery',
  'tourism=attraction': 'tourist_attraction',
  'tourism=viewpoint': 'observation_deck',
  'tourism=zoo': 'zoo',
  'tourism=aquarium': 'aquarium',
  'tourism=theme_park': 'amusement_park',
  'tourism=hotel': 'hotel',
  'leisure=park': 'park',
  'leisure=garden': 'garden',
  'leisure=stadium': 'stadium',
  'leisure=nature_reserve': 'park',
  'historic=castle': 'castle',
  'historic=monument': 'monument',
  'historic=memorial': 'monument',
  'man_made=bridge': 'bridge',
  'natural=beach': 'beach',
  'aeroway=aerodrome': 'airport',
  'railway=station': 'train_station',
  'place=city': 'locality',
  'place=town': 'locality',
  'place=village': 'locality',
  'place=hamlet': 'locality',
  'place=suburb': 'sublocality',
  'place=neighbourhood': 'neighborhood',
  'place=state': 'administrative_area_level_1',
  'place=county': 'administrative_area_level_2',
  'place=country': 'country',
};
const TYPE_BY_KEY: Record<string, string> = {
  historic: 'historical_landmark',
  natural: 'natural_feature',
  tourism: 'tourist_attraction',
  shop: 'store',
  highway: 'route',
  amenity: 'point_of_interest',
};
/** boundary=administrative says nothing of the level; Photon's layer does. */
const TYPE_BY_LAYER: Record<string, string> = {
  city: 'locality',
  district: 'sublocality',
  county: 'administrative_area_level_2',
  state: 'administrative_area_level_1',
  country: 'country',
};

export function primaryTypeOf({ osm_key, osm_value, type }: PhotonFeature['properties']) {
  return (
    TYPE_BY_TAG[`${osm_key}=${osm_value}`] ??
    (osm_key === 'boundary' || osm_key === 'place' ? TYPE_BY_LAYER[type ?? ''] : undefined) ??
    TYPE_BY_KEY[osm_key] ??
    'point_of_interest'
  );
}

/** A feature Photon returned → place details; null for one we can't read. */
export function toProviderPlace(feature: unknown): ProviderPlace | null {
  const parsed = photonFeatureSchema.safeParse(feature);
  if (!parsed.success) return null;
  const [lng, lat] = parsed.data.geometry.coordinates;
  const p = parsed.data.properties;
  const street = [p.housenumber, p.street].filter(Boolean).join(' ');
  const primaryType = primaryTypeOf(p);
  const displayName = p.name ?? (street || p.city || '');
  if (!displayName) return null;
  return {
    id: `osm:${p.osm_type}${p.osm_id}`,
    displayName,
    formattedAddress: joinAddress([
      displayName,
      street,
      [p.postcode, p.city].filter(Boolean).join(' '),
      p.state,
      p.country,
    ]),
    city: p.city ?? (primaryType === 'locality' ? displayName : ''),
    country: p.country ?? '',
    lat,
    lng,
    primaryType,
    websiteURI: '',
    googleMapsURI: mapsSearchUrl(lat, lng),
    editorialSummary: '',
    previewImageUrl: '',
    cached_preview_image: '',
    photoRef: '',
  };
}
