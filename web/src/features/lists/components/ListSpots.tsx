import type { ListDetail } from '@spotbook/contract';
import { MapPinPlus } from 'lucide-react';
import { ButtonLink } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { SpotCard } from '@/components/SpotCard/index.ts';
import { listKey } from '../lib/list-links.ts';
import { RemoveSpotButton } from './RemoveSpotButton.tsx';
import { useProgressiveCount } from './use-progressive-count.ts';
import styles from './list-spots.module.css';

export interface ListSpotsProps {
  list: ListDetail;
  isOwner: boolean;
  /** The spot just added, highlighted for 1.5 s (spec §9). */
  highlightId: number | null;
}

/** The list's spots as cards, newest-added first (the API's order), drawn in batches. */
export function ListSpots({ list, isOwner, highlightId }: ListSpotsProps) {
  const total = list.reviews.length;
  const { shown, sentinel } = useProgressiveCount(total);
  const key = listKey(list);

  return (
    <section className={styles.section} aria-labelledby="list-spots-title">
      <h2 id="list-spots-title" className={styles.heading}>
        Spots <span className={styles.count}>({total})</span>
      </h2>
      {total === 0 ? (
        <EmptyState
          icon={<MapPinPlus size={26} />}
          title={isOwner ? 'Add some spots' : 'No spots on this list yet'}
          action={
            isOwner && (
              <ButtonLink to={`/newSpot?list=${encodeURIComponent(key)}`} variant="secondary">
                Add a Spot
              </ButtonLink>
            )
          }
        >
          {isOwner
            ? 'Find a place and save it to this list, or add one of the spots you already have.'
            : 'Check back soon: the owner has not added any spots yet.'}
        </EmptyState>
      ) : (
        <ul role="list" className={styles.grid}>
          {list.reviews.slice(0, shown).map((spot) => (
            <li key={spot.id} className={styles.item}>
              <SpotCard
                spot={spot}
                href={`/reviews/${spot.id}?list=${encodeURIComponent(key)}`}
                note={spot.notes || undefined}
                highlight={spot.id === highlightId}
                overlay={
                  isOwner && (
                    <RemoveSpotButton
                      listId={list.id}
                      reviewId={spot.id}
                      placeName={spot.place_details.displayName}
                    />
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {shown < total && (
        <div ref={sentinel} className={styles.more} role="status">
          Showing {shown} of {total} spots…
        </div>
      )}
    </section>
  );
}
