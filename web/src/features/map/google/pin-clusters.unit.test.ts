import { describe, expect, it } from 'vitest';
import { pinClusterer } from './pin-clusters.ts';

const pin = (id: number, lat: number, lng: number) => ({ id, title: `Spot ${id}`, lat, lng });
const world = { south: -85, west: -180, north: 85, east: 180 };

describe('pinClusterer', () => {
  it('groups nearby pins at low zoom and keeps far ones apart', () => {
    const pins = [pin(1, 48.85, 2.35), pin(2, 48.86, 2.34), pin(3, 35.68, 139.69)];
    const clusters = pinClusterer(pins)(world, 2);
    expect(clusters).toHaveLength(2);
    const paris = clusters.find((c) => c.count === 2)!;
    expect(paris.lat).toBeCloseTo(48.855);
    expect(paris.pin).toBeUndefined();
    expect(paris.pinBounds()).toEqual({ south: 48.85, west: 2.34, north: 48.86, east: 2.35 });
    expect(clusters.find((c) => c.count === 1)?.pin?.id).toBe(3);
  });

  it('separates every pin at street level and drops pins out of view', () => {
    const pins = [pin(1, 48.85, 2.35), pin(2, 48.8501, 2.3501), pin(3, 10, 10)];
    const view = { south: 48.84, west: 2.34, north: 48.86, east: 2.36 };
    const clusters = pinClusterer(pins)(view, 17);
    expect(clusters.map((c) => c.pin?.id).sort()).toEqual([1, 2]);
  });

  it('finds pins in a view across the antimeridian', () => {
    const pins = [pin(1, -17.7, 178.4), pin(2, -14.3, -170.7), pin(3, 0, 0)];
    const view = { south: -30, west: 170, north: 0, east: 200 };
    const clusters = pinClusterer(pins)(view, 16);
    expect(clusters.map((c) => c.pin?.id).sort()).toEqual([1, 2]);
  });

  it('bounds the number of markers for 10,000 pins', () => {
    const pins = Array.from({ length: 10_000 }, (_, i) =>
      pin(i, ((i * 7919) % 160) - 80, ((i * 104729) % 360) - 180),
    );
    expect(pinClusterer(pins)(world, 1).length).toBeLessThan(400);
  });
});
