import { describe, expect, it } from 'vitest';
import { boundsContain, pinBounds } from './bounds.ts';

describe('pinBounds', () => {
  it('is null without pins', () => {
    expect(pinBounds([])).toBeNull();
  });

  it('pads the bounds by 2% of the span on each side', () => {
    const b = pinBounds([
      { lat: 10, lng: 20 },
      { lat: 20, lng: 40 },
    ]);
    expect(b?.south).toBeCloseTo(9.8);
    expect(b?.north).toBeCloseTo(20.2);
    expect(b?.west).toBeCloseTo(19.6);
    expect(b?.east).toBeCloseTo(40.4);
  });

  it('widens a single pin to the minimum spans, centred on it', () => {
    const b = pinBounds([{ lat: 48.8584, lng: 2.2945 }])!;
    expect(b.north - b.south).toBeCloseTo(0.0045, 10);
    expect(b.east - b.west).toBeCloseTo(0.0055, 10);
    expect((b.north + b.south) / 2).toBeCloseTo(48.8584, 10);
    expect((b.east + b.west) / 2).toBeCloseTo(2.2945, 10);
  });

  it('applies each minimum on its own axis', () => {
    // Two pins on one parallel 1° apart: longitude padded, latitude widened to the minimum.
    const b = pinBounds([
      { lat: 0, lng: 0 },
      { lat: 0, lng: 1 },
    ])!;
    expect(b.north - b.south).toBeCloseTo(0.0045, 10);
    expect(b.west).toBeCloseTo(-0.02);
    expect(b.east).toBeCloseTo(1.02);
  });

  it('stays within the poles and the antimeridian', () => {
    const b = pinBounds([
      { lat: -89.999, lng: -179.999 },
      { lat: 89.999, lng: 179.999 },
    ])!;
    expect(b).toEqual({ south: -90, west: -180, north: 90, east: 180 });
  });
});

describe('boundsContain', () => {
  const view = { south: 40, west: -10, north: 50, east: 10 };

  it('checks both axes', () => {
    expect(boundsContain(view, { lat: 45, lng: 0 })).toBe(true);
    expect(boundsContain(view, { lat: 55, lng: 0 })).toBe(false);
    expect(boundsContain(view, { lat: 45, lng: 20 })).toBe(false);
  });

  it('handles viewports past the antimeridian and wider than the world', () => {
    const pacific = { south: -10, west: 170, north: 10, east: 190 };
    expect(boundsContain(pacific, { lat: 0, lng: -175 })).toBe(true);
    expect(boundsContain(pacific, { lat: 0, lng: 160 })).toBe(false);
    expect(
      boundsContain({ south: -80, west: -300, north: 80, east: 300 }, { lat: 0, lng: 123 }),
    ).toBe(true);
  });
});
