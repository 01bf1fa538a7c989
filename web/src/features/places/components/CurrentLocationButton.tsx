import { LocateFixed } from 'lucide-react';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { GEOLOCATION_MESSAGES, useGeolocation } from '../hooks/use-geolocation.ts';
import { CURRENT_LOCATION_LABEL, type SearchArea } from '../lib/area.ts';
import styles from './new-spot.module.css';

/** How to turn location back on; spec §8's alert "explains enabling location". */
function EnableLocationHelp() {
  return (
    <>
      <p>To use your location:</p>
      <ul className={styles.helpList}>
        <li>
          <strong>In the browser</strong>: click the lock or site-settings icon beside the address
          bar, set <em>Location</em> to <em>Allow</em> for this site, then reload.
        </li>
        <li>
          <strong>On the device</strong>: turn on Location Services (macOS, iOS: Settings → Privacy
          &amp; Security; Windows: Settings → Privacy → Location; Android: Settings → Location) and
          allow it for your browser.
        </li>
      </ul>
      <p>You can always search for a city instead.</p>
    </>
  );
}

/**
 * 'Use my current location' (spec §4): asks for the position (the browser prompts when
 * permission is 'prompt'); blocked or unsupported location is explained in place,
 * and the explanation goes away by itself once permission is granted.
 */
export function CurrentLocationButton({ onLocated }: { onLocated: (area: SearchArea) => void }) {
  const geo = useGeolocation();
  const blocked = geo.permission === 'denied' || geo.failed;

  async function chooseLocation() {
    const found = geo.position ?? (await geo.locate());
    if (found) onLocated({ ...found, label: CURRENT_LOCATION_LABEL, placeId: null });
  }

  if (!geo.supported) return <Alert tone="warning">{GEOLOCATION_MESSAGES.unsupported}</Alert>;
  return (
    <div className={styles.stack}>
      <Button
        variant="secondary"
        icon={<LocateFixed size={18} aria-hidden="true" />}
        busy={geo.locating}
        busyLabel="Finding your location…"
        onClick={() => void chooseLocation()}
      >
        Use my current location
      </Button>
      {blocked && (
        <Alert tone="error" title={GEOLOCATION_MESSAGES.blocked}>
          <EnableLocationHelp />
        </Alert>
      )}
    </div>
  );
}
