import type { Review } from '@spotbook/contract';
import { Images } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import {
  photoSrcSet,
  showMissingImage,
  spotPicture,
  ThemedPicture,
} from '@/components/SpotCard/index.ts';
import { cx } from '@/lib/cx.ts';
import styles from './spot-gallery.module.css';

const loadLightbox = () => import('./PhotoLightbox.tsx');
const PhotoLightbox = lazy(loadLightbox);

/** The cover fills the page's image column: full width on a phone, ~5/12 on a desktop. */
const COVER_SIZES = '(min-width: 880px) 42vw, 100vw';

export interface SpotGalleryProps {
  spot: Pick<Review, 'photos' | 'place_details'>;
  className?: string;
}

/**
 * The spot page's pictures: the cover in a fixed 4:3 box and, with more than one photo,
 * a row of the other photos' thumbnails; any of them opens the lightbox there. Without photos it is the
 * card's picture (the place's image or its location), which opens nothing.
 */
export function SpotGallery({ spot, className }: SpotGalleryProps) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const photos = spot.photos;
  const placeName = spot.place_details.displayName;
  const cover = photos[0];
  const count = photos.length;
  const openLabel = (at: number) => `Open photo ${at + 1} of ${count} of ${placeName}`;
  // Start fetching the viewer's code as soon as a pointer or focus comes near.
  const warmUp = { onPointerEnter: loadLightbox, onFocus: loadLightbox };

  if (!cover) {
    const picture = spotPicture(spot);
    return (
      <div className={cx(styles.gallery, className)}>
        <ThemedPicture picture={picture}>
          <img
            className={styles.cover}
            src={picture.src}
            alt={picture.kind === 'location' ? `Map of where ${placeName} is` : placeName}
            data-picture={picture.kind}
            width={800}
            height={600}
            onError={(event) => showMissingImage(event.currentTarget)}
          />
        </ThemedPicture>
      </div>
    );
  }

  return (
    <section className={cx(styles.gallery, className)} aria-label={`Photos of ${placeName}`}>
      <button
        type="button"
        className={styles.coverButton}
        aria-label={openLabel(0)}
        onClick={() => setOpenAt(0)}
        {...warmUp}
      >
        <img
          className={styles.cover}
          src={cover.url}
          srcSet={photoSrcSet(cover)}
          sizes={COVER_SIZES}
          alt=""
          data-picture="photo"
          width={cover.width}
          height={cover.height}
          onError={(event) => showMissingImage(event.currentTarget)}
        />
        {count > 1 && (
          <span className={styles.countBadge} aria-hidden="true">
            <Images size={14} />
            {count}
          </span>
        )}
      </button>
      {count > 1 && (
        <ul role="list" className={styles.strip}>
          {/* The cover is already shown large: the row holds the others. */}
          {photos.slice(1).map((photo, index) => {
            const at = index + 1;
            return (
              <li key={photo.id}>
                <button
                  type="button"
                  className={styles.thumbButton}
                  aria-label={openLabel(at)}
                  onClick={() => setOpenAt(at)}
                  {...warmUp}
                >
                  <img
                    className={styles.thumb}
                    src={photo.thumb_url}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={72}
                    height={72}
                    onError={(event) => showMissingImage(event.currentTarget)}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {openAt !== null && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={photos}
            index={Math.min(openAt, count - 1)}
            placeName={placeName}
            onClose={() => setOpenAt(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
