/**
 * Where our cached copy of a place's provider photo is served (photo-routes.ts). The
 * path is all a client ever sees: the provider's photo URL may carry the API key.
 */
export function placePhotoPath(placeId: string): string {
  return `/api/places/photo/${encodeURIComponent(placeId)}`;
}
