import { describe, expect, it } from 'vitest';
import { fitCamera, OFFLINE_FIT_MAX_ZOOM, pinBounds } from './map-view.ts';

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

describe('fitCamera', () => {
  it('zooms no further than the limit for a single pin, and looks at it', () => {
    const camera = fitCamera(
      pinBounds([{ lat: 48.8584, lng: 2.2945 }])!,
      { width: 800, height: 400 },
      OFFLINE_FIT_MAX_ZOOM,
    );
    expect(camera.zoom).toBe(OFFLINE_FIT_MAX_ZOOM);
    // The padding is uneven, so the centre is a little off the pin, but within a few pixels.
    expect(camera.lat).toBeCloseTo(48.8584, 2);
    expect(camera.lng).toBeCloseTo(2.2945, 2);
  });

  it('keeps the world filling a tall map: no zoom so low it shows sky', () => {
    const camera = fitCamera(
      { south: -60, west: -180, north: 70, east: 180 },
      { width: 300, height: 900 },
      OFFLINE_FIT_MAX_ZOOM,
    );
    expect(512 * 2 ** camera.zoom).toBeCloseTo(900, 6);
    expect(camera.lat).toBeCloseTo(0, 6);
  });
});
