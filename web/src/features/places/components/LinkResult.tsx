import type { LinkedPoint, PlaceDetails, PlaceInput } from '@spotbook/contract';
import { formatLatLng, PLACE_LINK_MESSAGES } from '@spotbook/contract';
import { Link2, MapPinPlus } from 'lucide-react';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { Spinner } from '@/components/Spinner.tsx';
import { useResolvedLink } from '../api/resolve-link.ts';
import { PlaceOption } from './PlaceOption.tsx';
import styles from './new-spot.module.css';

export interface LinkResultProps {
  text: string;
  input: Exclude<PlaceInput, { kind: 'text' }>;
  onPick: (place: PlaceDetails) => void;
  onDropPin: (point: LinkedPoint) => void;
}

/**
 * What a pasted link or coordinate pair points at: the known places of its name there
 * (looked up on the server) and, always, the point itself to save as a new place.
 */
export function LinkResult({ text, input, onPick, onDropPin }: LinkResultProps) {
  const point = input.kind === 'point' ? input.point : null;
  const resolved = useResolvedLink(text, point);

  if (input.kind === 'short-link')
    return <Alert tone="warning">{PLACE_LINK_MESSAGES.shortLink}</Alert>;
  if (!point) return <Alert tone="warning">{PLACE_LINK_MESSAGES.unreadable}</Alert>;

  const nearby = resolved.data?.nearby ?? [];
  return (
    <section className={styles.linkResult} aria-label="Location from your link" aria-live="polite">
      <p className={styles.linkPoint}>
        <Link2 size={18} aria-hidden="true" />
        <span>
          {point.name ? (
            <>
              <strong>{point.name}</strong> at {formatLatLng(point.lat, point.lng)}
            </>
          ) : (
            <>
              Location <strong>{formatLatLng(point.lat, point.lng)}</strong>
            </>
          )}
        </span>
      </p>
      {resolved.isFetching && !resolved.data && (
        <p className={styles.muted}>
          <Spinner size={16} /> Looking for this place…
        </p>
      )}
      {nearby.length > 0 && (
        <ul className={styles.linkMatches} role="list" aria-label="Known places here">
          {nearby.slice(0, 5).map((place) => (
            <li key={place.id}>
              <button type="button" className={styles.matchButton} onClick={() => onPick(place)}>
                <PlaceOption place={place} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        size="sm"
        icon={<MapPinPlus size={16} aria-hidden="true" />}
        onClick={() => onDropPin(point)}
      >
        Save this location as a new place
      </Button>
    </section>
  );
}
