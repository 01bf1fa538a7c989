import { PlacesUnavailableError } from './errors.ts';

/** For extras (a resolved link's nearby places): an outage just means none. */
export async function orWhenUnavailable<T>(fallback: T, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlacesUnavailableError) return fallback;
    throw error;
  }
}
