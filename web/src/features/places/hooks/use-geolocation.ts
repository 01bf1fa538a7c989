import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '../lib/geo.ts';

/** Spec §8, verbatim. */
export const GEOLOCATION_MESSAGES = {
  unsupported: 'Location access is not supported by your browser.',
  blocked:
    'Location access is blocked or unavailable. Please check your browser and system settings.',
} as const;

/** 'unknown' until the Permissions API answers (or where it doesn't exist). */
export type LocationPermission = 'granted' | 'denied' | 'prompt' | 'unknown';

export interface Geolocation {
  supported: boolean;
  permission: LocationPermission;
  position: LatLng | null;
  locating: boolean;
  /** Set when the last attempt failed (blocked, timed out, no fix). */
  failed: boolean;
  /** Asks the browser for the position (it prompts when permission is 'prompt'). */
  locate: () => Promise<LatLng | null>;
}

const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 15_000,
  maximumAge: 60_000,
};

function currentPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      reject,
      POSITION_OPTIONS,
    ),
  );
}

/**
 * Spec §4: the geolocation permission, watched live (granted → fetch the position;
 * denied → location off, say how to turn it on; prompt → ask on request).
 */
export function useGeolocation(): Geolocation {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [permission, setPermission] = useState<LocationPermission>('unknown');
  const [position, setPosition] = useState<LatLng | null>(null);
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);

  const locate = useCallback(async () => {
    if (!supported) return null;
    setLocating(true);
    try {
      const found = await currentPosition();
      setPosition(found);
      setFailed(false);
      return found;
    } catch {
      setFailed(true);
      return null;
    } finally {
      setLocating(false);
    }
  }, [supported]);

  useEffect(() => {
    if (!supported || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => {
      if (!status) return;
      setPermission(status.state);
      // Turned on in the settings while the page is open: the old failure no longer holds.
      if (status.state !== 'denied') setFailed(false);
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (answer) => {
        if (cancelled) return;
        status = answer;
        update();
        status.addEventListener('change', update);
      },
      () => undefined, // no Permissions API for geolocation: we learn on the first request
    );
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, [supported]);

  // Granted already: fetch the position now, so 'Use my current location' is instant.
  useEffect(() => {
    if (permission === 'granted' && !position) void locate();
  }, [permission, position, locate]);

  return { supported, permission, position, locating, failed, locate };
}
