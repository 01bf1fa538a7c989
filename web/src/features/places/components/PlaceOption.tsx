import type { PlaceDetails } from '@spotbook/contract';
import { titleCaseType } from '@spotbook/contract';
import { Building2, Globe2, MapPin, Plane } from 'lucide-react';
import { isArea } from '../lib/area.ts';
import styles from './place-option.module.css';

function PlaceIcon({ type }: { type: string }) {
  if (type === 'country') return <Globe2 size={18} aria-hidden="true" />;
  if (type === 'airport') return <Plane size={18} aria-hidden="true" />;
  if (isArea({ primaryType: type })) return <Building2 size={18} aria-hidden="true" />;
  return <MapPin size={18} aria-hidden="true" />;
}

/** Friendlier words than the Places API's for the kinds of area. */
const AREA_WORDS: Record<string, string> = {
  locality: 'City',
  postal_town: 'Town',
  sublocality: 'District',
  administrative_area_level_1: 'Region',
  administrative_area_level_2: 'Region',
  administrative_area_level_3: 'District',
  country: 'Country',
};

/** One search result: an icon for its kind, the name, then where it is and what it is. */
export function PlaceOption({ place }: { place: PlaceDetails }) {
  const where = place.formattedAddress.startsWith(place.displayName)
    ? place.formattedAddress.slice(place.displayName.length).replace(/^,\s*/, '')
    : place.formattedAddress;
  const kind = AREA_WORDS[place.primaryType] ?? titleCaseType(place.primaryType);
  const meta = [kind, where].filter(Boolean).join(' · ');
  return (
    <>
      <span className={styles.icon}>
        <PlaceIcon type={place.primaryType} />
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{place.displayName}</span>
        {meta && <span className={styles.meta}>{meta}</span>}
      </span>
    </>
  );
}
