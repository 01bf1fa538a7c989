import {
  PLACE_LINK_MESSAGES,
  classifyPlaceInput,
  type LinkedPoint,
  type PlaceDetails,
} from '@spotbook/contract';
import { fieldError } from '../../lib/errors.ts';
import type { PlacesProvider } from './provider.ts';
import { orWhenUnavailable } from './unavailable.ts';

export interface ResolvedLink {
  point: LinkedPoint;
  /** Places of the link's name near its point, best first; empty without a name. */
  nearby: PlaceDetails[];
}

/** Strips what only the server may see (the provider's photo reference). */
function details({ photoRef: _photoRef, ...place }: PlaceDetails & { photoRef?: string }) {
  return place;
}

/**
 * A pasted link or coordinates → its point, plus the known places that carry its name
 * there ("Louvre Museum" from a Google place link), so the user can pick the real place
 * rather than a bare pin. Short links need the network to expand: a 400 that says so.
 */
export async function resolvePlaceLink(
  places: Pick<PlacesProvider, 'searchPlaces'>,
  text: string,
): Promise<ResolvedLink> {
  const input = classifyPlaceInput(text);
  if (input.kind !== 'point') {
    const message =
      input.kind === 'short-link' ? PLACE_LINK_MESSAGES.shortLink : PLACE_LINK_MESSAGES.unreadable;
    throw fieldError('q', message);
  }
  const { point } = input;
  // "Louvre Museum, Rue de Rivoli, Paris": the part before the first comma is the name.
  const name = point.name?.split(',')[0]?.trim();
  const nearby = name ? await orWhenUnavailable([], () => places.searchPlaces(name, point)) : [];
  return { point, nearby: nearby.map(details) };
}
