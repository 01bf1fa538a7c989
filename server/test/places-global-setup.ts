import { ensureSharedPlacesIndex } from './places-index.ts';

/** Builds the shared place index before test files start, so none waits for it alone. */
export default function setup() {
  ensureSharedPlacesIndex();
}
