// Subpath imports keep zod (behind the contract's schemas) out of the pages' first chunk.
import { LIMITS } from '@spotbook/contract/limits';
import { truncate } from '@spotbook/contract/text';
import type { PlaceDetails, Review } from '@spotbook/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '@/lib/cx.ts';
import { StarRating } from '../StarRating.tsx';
import { VisitedIcon } from '../VisitedIcon.tsx';
import { showMissingImage, spotPicture } from './spot-image.ts';
import { ThemedPicture } from './ThemedPicture.tsx';
import { usePainted } from './use-painted.ts';
import styles from './spot-card.module.css';

/** What a card reads of a spot: a `Review`, or a list's spot (which extends it), will do. */
export interface SpotCardSpot extends Pick<Review, 'id' | 'review' | 'rating' | 'visited'> {
  place_details: Pick<
    PlaceDetails,
    'displayName' | 'city' | 'previewImageUrl' | 'cached_preview_image' | 'lat' | 'lng'
  >;
  /** the author's photos, cover first; the cover is the card's picture (issue 13) */
  photos?: Review['photos'];
}

export interface SpotCardProps {
  spot: SpotCardSpot;
  /** Where the card leads; `/reviews/{id}` by default (a list adds `?list=…`). */
  href?: string;
  /**
   * Laid over the image's top-right corner, above the link: an 'add' button, or the
   * 'Already On List' check mark. It must bring its own accessible name. On a phone,
   * where the image is a small thumbnail, it sits at the end of the text instead.
   */
  overlay?: ReactNode;
  /** A line under the excerpt, e.g. the list entry's note. */
  note?: string;
  /** Flashes the card (a row just added); the highlight fades over 1.5 s. */
  highlight?: boolean;
  /** The heading level that fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Extra work when the card is followed, e.g. closing a picker. */
  onNavigate?: () => void;
}

/**
 * A spot in a gallery (design brief: spot card). The place name is the link, and its
 * hit area is stretched over the whole card, so the card is one link whose accessible
 * name is just the place, not every word on it.
 */
export function SpotCard({
  spot,
  href = `/reviews/${spot.id}`,
  overlay,
  note,
  highlight = false,
  headingLevel = 3,
  onNavigate,
}: SpotCardProps) {
  const place = spot.place_details;
  const Heading = `h${headingLevel}` as const;
  const excerpt = truncate(spot.review.trim(), LIMITS.cardReviewText);
  const picture = spotPicture(spot);
  const showPicture = usePainted();
  return (
    <article className={cx(styles.card, highlight && styles.highlight)}>
      <div className={styles.media}>
        {showPicture && (
          <ThemedPicture picture={picture}>
            <img
              className={styles.image}
              src={picture.src}
              alt=""
              data-picture={picture.kind}
              loading="lazy"
              decoding="async"
              width={400}
              height={300}
              onError={(event) => showMissingImage(event.currentTarget)}
            />
          </ThemedPicture>
        )}
        <VisitedIcon visited={spot.visited} showLabel className={styles.chip} />
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to={href} className={styles.link} title={place.displayName} onClick={onNavigate}>
            {truncate(place.displayName, LIMITS.cardPlaceName)}
          </Link>
        </Heading>
        {place.city && <p className={styles.city}>{place.city}</p>}
        <div className={styles.meta}>
          <StarRating rating={spot.rating} size={16} />
          {/* On a phone the card is a row and the chip moves here, off the small image. */}
          <VisitedIcon visited={spot.visited} showLabel className={styles.metaChip} />
        </div>
        {excerpt && <p className={styles.excerpt}>{excerpt}</p>}
        {note && <p className={styles.note}>{note}</p>}
        {overlay && <div className={styles.overlay}>{overlay}</div>}
      </div>
    </article>
  );
}
