import { titleCaseType, type Review } from '@spotbook/contract';
import { Globe, MapPin, Navigation, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { OutboundLink, toOutboundLink } from '@/lib/outbound-links/index.ts';
import { directionsUrl } from '../lib/spot-links.ts';
import styles from './spot-page.module.css';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>
        {icon}
        {label}
      </dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}

/**
 * The place: category, address, website, directions and the about text. The website
 * goes through the outbound-link rules like any user text, since a custom place's
 * website was typed by a user.
 */
export function SpotDetails({ review }: { review: Review }) {
  const place = review.place_details;
  const website = place.websiteURI ? toOutboundLink(place.websiteURI) : null;
  const directions = directionsUrl(place);
  return (
    <aside className={styles.details} aria-label="About the place">
      <dl className={styles.facts}>
        {place.primaryType && (
          <Fact icon={<Tag size={16} aria-hidden="true" />} label="Category">
            {titleCaseType(place.primaryType)}
          </Fact>
        )}
        {place.formattedAddress && (
          <Fact icon={<MapPin size={16} aria-hidden="true" />} label="Address">
            {place.formattedAddress}
          </Fact>
        )}
        {place.websiteURI && (
          <Fact icon={<Globe size={16} aria-hidden="true" />} label="Website">
            {website ? <OutboundLink link={website} /> : place.websiteURI}
          </Fact>
        )}
        {directions && (
          <Fact icon={<Navigation size={16} aria-hidden="true" />} label="Directions">
            <a href={directions} target="_blank" rel="noopener noreferrer">
              Get directions
            </a>
          </Fact>
        )}
      </dl>
      {place.editorialSummary && (
        <section className={styles.about} aria-labelledby="spot-about">
          <h2 id="spot-about" className={styles.sectionTitle}>
            About
          </h2>
          <p>{place.editorialSummary}</p>
        </section>
      )}
    </aside>
  );
}
