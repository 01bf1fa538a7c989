/** One place for "now", so time-dependent rules (expiry, throttling) can be tested. */
export const clock = { now: (): number => Date.now() };
