import { describe, expect, it } from 'vitest';
import { boundsContain } from './bounds.ts';

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
