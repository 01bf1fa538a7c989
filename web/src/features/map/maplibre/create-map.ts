import {
  DEFAULT_MAP_VIEW,
  OFFLINE_FIT_MAX_ZOOM,
  pictureCamera,
  pinBounds,
} from '@spotbook/contract';
import { Map as MapLibreMap, NavigationControl, prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { OFFLINE_STYLE_URL } from '../map-config.ts';
import type { Bounds, LatLng, MapPin } from '../types.ts';

// MapLibre finds its worker next to its own module, which a bundler moves; point at the
// copy Vite emits instead, in dev and in production alike.
setWorkerUrl(workerUrl);
// Start the worker as soon as this code loads (often before the page has its pins), so
// its script is fetched and compiled while the page is busy with other things.
prewarm();

/**
 * How far fitting pins (fit) or showing one place (center) may zoom in. An online style
 * has streets, so neighbourhood scale is useful; the offline basemap has coastlines,
 * borders and city names only, so past city scale a map would be blank land.
 */
export function zoomLimits(styleUrl: string): { fit: number; center: number } {
  return styleUrl.startsWith(OFFLINE_STYLE_URL)
    ? { fit: OFFLINE_FIT_MAX_ZOOM, center: 11 }
    : { fit: 16, center: 14 };
}

/**
 * Where a map of `pins` in `container` looks: the contract's pictureCamera (fitCamera for
 * the map's picture size, decision 010), the camera the
 * server's picture of this map is drawn at (SpotMap shows it until the map has loaded).
 * Null without pins.
 */
export function fittedView(
  container: HTMLElement,
  pins: readonly MapPin[],
  styleUrl: string,
): { center: [number, number]; zoom: number } | null {
  const bounds = pinBounds(pins);
  if (!bounds) return null;
  const size = { width: container.clientWidth, height: container.clientHeight };
  const camera = pictureCamera(bounds, size, zoomLimits(styleUrl).fit);
  return { center: [camera.lng, camera.lat], zoom: camera.zoom };
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface CreateOptions {
  container: HTMLElement;
  styleUrl: string;
  pins: readonly MapPin[];
  center?: LatLng;
  interactive: boolean;
  ariaLabel: string;
  /** shown beside the style's own attribution (place data from OpenStreetMap) */
  credit?: string;
}

/** The map, opened straight at its final view (no animation), so it is idle soonest. */
export function createMap({
  container,
  styleUrl,
  pins,
  center,
  interactive,
  ariaLabel,
  credit,
}: CreateOptions): MapLibreMap {
  const fitted = center ? null : fittedView(container, pins, styleUrl);
  const map = new MapLibreMap({
    container,
    style: styleUrl,
    interactive,
    ...(center
      ? { center: [center.lng, center.lat], zoom: zoomLimits(styleUrl).center }
      : (fitted ?? {
          center: [DEFAULT_MAP_VIEW.lng, DEFAULT_MAP_VIEW.lat],
          zoom: DEFAULT_MAP_VIEW.zoom,
        })),
    maxZoom: 18,
    // A page scrolls past the map; zooming wants Ctrl + wheel (or two fingers on a phone).
    cooperativeGestures: interactive,
    // A notebook map has north up: no rotating or tilting by accident.
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    attributionControl: { compact: true, ...(credit ? { customAttribution: credit } : {}) },
    // The canvas is the focusable element (arrow keys pan, + and - zoom); this names it.
    locale: { 'Map.Title': ariaLabel },
  });
  if (interactive) map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  return map;
}

export function viewBounds(map: MapLibreMap): Bounds {
  const b = map.getBounds();
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
}
