import type { ListDetail } from '@spotbook/contract';
import { useCallback, useMemo } from 'react';
import { ButtonLink } from '@/components/Button.tsx';
import { SpotMap, type MapPictureRequest, type MapPin } from '@/features/map';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { withQuery } from '@/lib/query-string.ts';
import { listKey } from '../lib/list-links.ts';
import styles from './list-map.module.css';

const MAP_HEIGHT = 'clamp(260px, 45vh, 440px)';

/**
 * The list's spots as pins. Signed-out viewers get the map greyed, without pins, and
 * Sign In / Sign Up buttons that bring them back here (spec §2, §6).
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

  return (
    <section aria-label="Map of this list" className={styles.section}>
      <SpotMap
        pins={pins}
        height={MAP_HEIGHT}
        ariaLabel={list ? `Map of ${list.name}` : 'Map of this list'}
        emptyMessage={!list ? 'Loading spots…' : signedOut ? 'No spots found' : 'Add some spots'}
        disabled={signedOut}
        {...(pictured ? { pictureUrl } : {})}
      >
        {signedOut && (
          <div className={styles.prompt}>
            <ButtonLink to={withQuery('/signin', { listId: key })} size="sm">
              Sign In
            </ButtonLink>
            <span>or</span>
            <ButtonLink to={withQuery('/signup', { listId: key })} size="sm" variant="secondary">
              Sign Up
            </ButtonLink>
            <span>to view this Map</span>
          </div>
        )}
      </SpotMap>
    </section>
  );
}
