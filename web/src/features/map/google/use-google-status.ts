import { TIMINGS } from '@spotbook/contract';
import { APILoadingStatus, useApiLoadingStatus } from '@vis.gl/react-google-maps';
import { useEffect, useState } from 'react';
import type { LoadState } from '../types.ts';

type AuthWindow = Window & { gm_authFailure?: () => void };

/** Google reports a rejected key only through this global; it holds for the whole page. */
let authFailed = false;

function useAuthFailure(): boolean {
  const [failed, setFailed] = useState(authFailed);
  useEffect(() => {
    const w = window as AuthWindow;
    const previous = w.gm_authFailure;
    w.gm_authFailure = () => {
      authFailed = true;
      setFailed(true);
      previous?.();
    };
    return () => {
      w.gm_authFailure = previous;
    };
  }, []);
  return failed;
}

const markerLibraryReady = () =>
  Boolean(
    (window as { google?: { maps?: { marker?: { AdvancedMarkerElement?: unknown } } } }).google
      ?.maps?.marker?.AdvancedMarkerElement,
  );

/**
 * Spec §4: not loaded, loading, loaded, failed, auth failure. The API reports its own
 * script; the marker library arrives after it, so its readiness is polled every 100 ms.
 */
export function useGoogleLoadState(): LoadState {
  const status = useApiLoadingStatus();
  const authFailure = useAuthFailure();
  const [markersReady, setMarkersReady] = useState(markerLibraryReady);

  useEffect(() => {
    if (status !== APILoadingStatus.LOADED || markersReady) return;
    const timer = window.setInterval(() => {
      if (markerLibraryReady()) setMarkersReady(true);
    }, TIMINGS.locationPollMs);
    return () => window.clearInterval(timer);
  }, [status, markersReady]);

  if (authFailure || status === APILoadingStatus.AUTH_FAILURE) return 'auth-failure';
  if (status === APILoadingStatus.FAILED) return 'failed';
  if (status === APILoadingStatus.NOT_LOADED) return 'not-loaded';
  return status === APILoadingStatus.LOADED && markersReady ? 'loaded' : 'loading';
}
