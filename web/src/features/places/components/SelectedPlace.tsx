import type { PlaceDetails } from '@spotbook/contract';
import { titleCaseType } from '@spotbook/contract';
import { ExternalLink, Globe, MapPin, Tag, X } from 'lucide-react';
import { Suspense, useMemo, useState, type Ref } from 'react';
import { Button } from '@/components/Button.tsx';
import { SpotMap } from '@/features/map';
import { MISSING_PLACE_IMAGE } from '../api/create-spot.ts';
import styles from './selected-place.module.css';

export interface SelectedPlaceProps {
  place: PlaceDetails;
  onClear: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Shown host of a website, e.g. 'louvre.fr'; the full address is in the link. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The website only when it is a real http(s) address (spec §5: outbound links). */
function safeHttpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Step 3 (spec §2): the selected place's name, image (or the missing-place image), map,
 * address, category, summary, website and maps link.
 */
export function SelectedPlace({ place, onClear, headingRef }: SelectedPlaceProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = !imageFailed && place.previewImageUrl ? place.previewImageUrl : MISSING_PLACE_IMAGE;
  const website = safeHttpUrl(place.websiteURI);
  const mapsLink = safeHttpUrl(place.googleMapsURI);
  const { id, displayName, lat, lng } = place;
  // Stable props: the map re-fits only when the place itself changes.
  const pins = useMemo(() => [{ id, title: displayName, lat, lng }], [id, displayName, lat, lng]);
  const center = useMemo(() => ({ lat, lng }), [lat, lng]);

  return (
    <article className={styles.card} aria-labelledby="selected-place-name">
      <div className={styles.media}>
        <img
          src={image}
          alt=""
          className={styles.image}
          onError={() => setImageFailed(true)}
          // Keyed by place: a new place gets a fresh chance to load its image.
          key={place.id}
        />
      </div>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h2 id="selected-place-name" ref={headingRef} tabIndex={-1} className={styles.name}>
            {place.displayName}
          </h2>
          <Button
            variant="quiet"
            size="sm"
            icon={<X size={16} aria-hidden="true" />}
            onClick={onClear}
          >
            Choose another place
          </Button>
        </div>
        <dl className={styles.facts}>
          {place.primaryType && (
            <div className={styles.fact}>
              <dt>
                <Tag size={16} aria-label="Category" />
              </dt>
              <dd>{titleCaseType(place.primaryType)}</dd>
            </div>
          )}
          {place.formattedAddress && (
            <div className={styles.fact}>
              <dt>
                <MapPin size={16} aria-label="Address" />
              </dt>
              <dd>{place.formattedAddress}</dd>
            </div>
          )}
          {website && (
            <div className={styles.fact}>
              <dt>
                <Globe size={16} aria-label="Website" />
              </dt>
              <dd>
                <a href={website} target="_blank" rel="noopener noreferrer">
                  {hostOf(website)}
                </a>
              </dd>
            </div>
          )}
        </dl>
        {place.editorialSummary && <p className={styles.summary}>{place.editorialSummary}</p>}
        {mapsLink && (
          <a className={styles.mapsLink} href={mapsLink} target="_blank" rel="noopener noreferrer">
            Open in Google Maps <ExternalLink size={16} aria-hidden="true" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      <div className={styles.map}>
        <Suspense fallback={<div className={styles.mapFallback} aria-hidden="true" />}>
          <SpotMap
            pins={pins}
            center={center}
            selectedId={place.id}
            emptyMessage="No location"
            ariaLabel={`Map of ${place.displayName}`}
            height={220}
          />
        </Suspense>
      </div>
    </article>
  );
}
