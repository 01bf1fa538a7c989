import { z } from 'zod';
import { text } from './input-rules.ts';

/**
 * Place details as every provider answers them (spec §3, runtime contract §5).
 * Ids are namespaced by source: `gn:` GeoNames city, `cc:` country, `rg:` region,
 * `ap:` airport, `lm:` curated landmark, `osm:` OpenStreetMap, `g:` Google, `custom:` a pin.
 */
export const placeDetailsSchema = z.object({
  id: z.string().min(1).max(300),
  displayName: z.string(),
  formattedAddress: z.string(),
  city: z.string(),
  country: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Places API type name, e.g. `tourist_attraction`; shown title-cased */
  primaryType: z.string(),
  websiteURI: z.string(),
  googleMapsURI: z.string(),
  editorialSummary: z.string(),
  /** '' when the place has no image (the web shows the missing-place image) */
  previewImageUrl: z.string(),
  /** path of the server's cached copy of the provider's photo ('' = none yet) */
  cached_preview_image: z.string(),
});
export type PlaceDetails = z.infer<typeof placeDetailsSchema>;

/** `GET /api/places/place/{id}`: the details and the caller's spot of the place, if any. */
export const placeWithUserReviewSchema = placeDetailsSchema.extend({
  user_review: z.object({ id: z.number() }).nullable(),
});
export type PlaceWithUserReview = z.infer<typeof placeWithUserReviewSchema>;

export const PLACE_SEARCH_KINDS = ['city', 'place'] as const;
export type PlaceSearchKind = (typeof PLACE_SEARCH_KINDS)[number];

export const PLACE_SEARCH_MESSAGES = {
  pointRequired: 'lat and lng are required when kind is place.',
} as const;

/** Query string of `GET /api/places/search/`; a place search needs the point to search near. */
export const placeSearchQuerySchema = z
  .object({
    query: text().trim().min(1).max(200),
    kind: z.enum(PLACE_SEARCH_KINDS).default('city'),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => q.kind !== 'place' || (q.lat !== undefined && q.lng !== undefined), {
    message: PLACE_SEARCH_MESSAGES.pointRequired,
    path: ['lat'],
  });

export const placeSearchResponseSchema = z.object({ results: z.array(placeDetailsSchema) });
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;

/** Most results a search answers, per kind. */
export const PLACE_SEARCH_LIMITS = { city: 10, place: 20 } as const;
