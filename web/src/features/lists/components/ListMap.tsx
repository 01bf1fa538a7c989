import type { ListDetail } from '@spotbook/contract';
import { useCallback, useMemo } from 'react';
import { SpotMap, type MapPictureRequest, type MapPin } from '@/features/map';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { withQuery } from '@/lib/query-string.ts';
import { listKey } from '../lib/list-links.ts';
import { SignedOutMap } from './SignedOutMap.tsx';
import styles from './list-map.module.css';

const MAP_HEIGHT = 'clamp(260px, 45vh, 440px)';

/**
 * The list's spots as pins. Signed-out viewers get a greyed picture of no place, without
 * pins, and Sign In / Sign Up buttons that bring them back here (spec §2, §6); they never
 * download the map's code. Until the session is known, an empty box of the map's size.
 */
export function ListMap({ list, urlKey }: { list: ListDetail | undefined; urlKey: string }) {
  const { status } = useAuth();
  const signedOut = status === 'anonymous';
  // Asked for by the address in the bar, so it loads alongside the list (issue 5 §7).
  const pictureUrl = useCallback(
    ({ width, height, pixelRatio, theme }: MapPictureRequest) =>
      withQuery(`/api/lists/list/${encodeURIComponent(urlKey)}/map.png`, {
        width,
        height,
        pixel_ratio: pixelRatio,
        theme,
      }),
    [urlKey],
  );
  const pictured = status === 'authenticated' && (!list || list.reviews.length > 0);
  const key = list ? listKey(list) : urlKey;
  const reviews = list?.reviews;
  const pins = useMemo<MapPin[]>(
    () =>
      (reviews ?? []).map((spot) => ({
        id: spot.id,
        title: spot.place_details.displayName,
        lat: spot.place_details.lat,
        lng: spot.place_details.lng,
        visited: spot.visited,
        href: `/reviews/${spot.id}?list=${encodeURIComponent(key)}`,
      })),
    [reviews, key],
  );

  const label = list ? `Map of ${list.name}` : 'Map of this list';
  return (
    <section aria-label="Map of this list" className={styles.section}>
      {status === 'loading' ? (
        <div className={styles.pending} style={{ height: MAP_HEIGHT }} aria-busy="true" />
      ) : signedOut ? (
        <SignedOutMap listKey={key} height={MAP_HEIGHT} />
      ) : (
        <SpotMap
          pins={pins}
          height={MAP_HEIGHT}
          ariaLabel={label}
          emptyMessage={list ? 'Add some spots' : 'Loading spots…'}
          {...(pictured ? { pictureUrl } : {})}
        />
      )}
    </section>
  );
}
