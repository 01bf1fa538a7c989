import type { ReactNode } from 'react';

export type PinId = string | number;

export interface LatLng {
  lat: number;
  lng: number;
}

/** One spot on the map. `href` makes it a link, in the popup and in the pin list. */
export interface MapPin extends LatLng {
  id: PinId;
  title: string;
  href?: string;
  /** true: 'already visited' (check); false or unset: 'want to go' (pin) */
  visited?: boolean;
}

export interface SpotMapProps {
  pins: MapPin[];
  /** Shown over the map when there are no pins: 'No spots found' or 'Add some spots' ('' for none). */
  emptyMessage: string;
  /** The map canvas' accessible name, e.g. 'Map of my spots'. */
  ariaLabel: string;
  /** Clicking the map (or Enter on the focused map, for its centre) reports a point: custom places. */
  onPickLocation?: (point: LatLng) => void;
  /** Look here instead of fitting the pins (e.g. the selected place's preview map). */
  center?: LatLng;
  /** The pin to highlight, e.g. the card the pointer is on. */
  selectedId?: PinId;
  /** CSS height of the map; 360 px by default. */
  height?: number | string;
  /** Greyed and inert, without pins (signed-out list viewers); `children` can explain why. */
  disabled?: boolean;
  /** Laid over the map, e.g. the 'Sign in to view this Map' prompt of a disabled map. */
  children?: ReactNode;
  /**
   * The address of the server's picture of this map at a size (the list page's), shown
   * while the offline map starts. The picture must show the pins' fitted view.
   */
  pictureUrl?: (request: MapPictureRequest) => string;
}

/** What a map picture is drawn for: the map's size in CSS pixels, the screen, the theme. */
export interface MapPictureRequest {
  width: number;
  height: number;
  pixelRatio: 1 | 2;
  theme: 'light' | 'dark';
}

/** Spec §4 maps library load states. */
export type LoadState = 'not-loaded' | 'loading' | 'loaded' | 'failed' | 'auth-failure';

/** A viewport or a box around pins, in degrees; `west > east` never happens (no wrap here). */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** What SpotMap hands to either engine (MapLibre GL or Google Maps). */
export interface EngineProps {
  pins: MapPin[];
  center?: LatLng;
  selectedId?: PinId;
  interactive: boolean;
  ariaLabel: string;
  colorScheme: 'light' | 'dark';
  onPickLocation?: (point: LatLng) => void;
  onStateChange: (state: LoadState) => void;
  /** After each move, so the pin list can follow the viewport. */
  onViewChange: (view: Bounds) => void;
  /** true once the map has drawn everything and stopped; false while moving or loading. */
  onIdleChange: (idle: boolean) => void;
}
