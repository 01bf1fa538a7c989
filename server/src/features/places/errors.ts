/**
 * The places service could not answer (network failure, timeout, quota, a reply we
 * can't read). The app's error handler answers it 503 so the client can say "try again later"
 * instead of showing "no results".
 */
export class PlacesUnavailableError extends Error {
  override readonly name = 'PlacesUnavailableError';

  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider} places search unavailable: ${message}`, options);
  }
}
