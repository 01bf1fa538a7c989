import { loadMapConfig } from './map-config.ts';

/**
 * Starts loading the map's wrapper and settings before a page renders its map: a page
 * that knows it will show one (a list) calls this as soon as its route matches. The
 * engine's own chunk is left to the wrapper: fetching its megabyte earlier as well was
 * measured (bench/list-page.ts) and opened the map no sooner, because on a busy main
 * thread the engine then competes with the page's first cards.
 * Only a head start: the map's own imports report a failure, not this.
 */
export function preloadMap(): void {
  void import('./SpotMap.tsx').catch(() => undefined);
  void loadMapConfig();
}
