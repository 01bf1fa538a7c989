import { HttpError } from '../../lib/errors.ts';
import { PlacesUnavailableError } from './errors.ts';

export const PLACES_UNAVAILABLE_DETAIL =
  'Place search is unavailable right now. Please try again in a moment.';

/** A provider that can't answer is a 503 the client can explain, not "no results". */
export async function unlessUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlacesUnavailableError)
      throw new HttpError(503, PLACES_UNAVAILABLE_DETAIL);
    throw error;
  }
}

/** For extras (a resolved link's nearby places): an outage just means none. */
export async function orWhenUnavailable<T>(fallback: T, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlacesUnavailableError) return fallback;
    throw error;
  }
}
