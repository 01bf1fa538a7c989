/**
 * Renders the real SpotMap (web/src/features/map) with generated pins, for
 * bench/map-pins.ts. Not part of the app bundle: the bench builds it on its own.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  SpotMap,
  type LatLng,
  type MapPin,
  type SpotMapProps,
} from '../../web/src/features/map/index.ts';
// The app's design tokens (light and dark), so the map is drawn in its real colours.
import '../../web/src/styles/tokens.css';

/** A few hundred "home towns" with spots scattered around each, like real collections. */
function makePins(count: number): MapPin[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const towns = Array.from({ length: 300 }, () => ({
    lat: random() * 110 - 50,
    lng: random() * 340 - 170,
  }));
  return Array.from({ length: count }, (_, i) => {
    const town = towns[i % towns.length]!;
    return {
      id: i + 1,
      title: `Spot number ${i + 1} with a long name`,
      lat: Math.max(-80, Math.min(80, town.lat + (random() - 0.5) * 0.6)),
      lng: town.lng + (random() - 0.5) * 0.8,
      href: `/reviews/${i + 1}`,
      visited: i % 3 === 0,
    };
  });
}

declare global {
  interface Window {
    __bench: {
      show: (count: number | null) => void;
      setPins: (count: number) => void;
      /** Extra SpotMap props for manual checks (disabled, selectedId, center, picking). */
      setProps: (props: Partial<SpotMapProps> & { pick?: boolean }) => void;
    };
    __picked: LatLng[];
    __idleAt: number;
    __busyAt: number;
  }
}

function Harness() {
  const [mapKey, setMapKey] = useState<number | null>(null);
  const [pins, setPins] = useState<MapPin[]>([]);
  const [extra, setExtra] = useState<Partial<SpotMapProps> & { pick?: boolean }>({});
  useEffect(() => {
    window.__picked = [];
    window.__bench = {
      show: (count) => {
        setPins(count === null ? [] : makePins(count));
        setMapKey(count === null ? null : performance.now());
      },
      setPins: (count) => setPins(makePins(count)),
      setProps: setExtra,
    };
  }, []);
  if (mapKey === null) return <p>idle harness</p>;
  return (
    <SpotMap
      key={mapKey}
      pins={pins}
      emptyMessage="Add some spots"
      ariaLabel="Map of spots"
      height={600}
      {...extra}
      {...(extra.pick ? { onPickLocation: (p: LatLng) => window.__picked.push(p) } : {})}
    />
  );
}

// Timestamps of the map's idle flag, so the bench can time "until idle" precisely.
new MutationObserver((records) => {
  for (const record of records) {
    const target = record.target as HTMLElement;
    if (record.attributeName !== 'data-map-idle') continue;
    if (target.dataset['mapIdle'] === 'true') window.__idleAt = performance.now();
    else window.__busyAt = performance.now();
  }
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-map-idle'] });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
