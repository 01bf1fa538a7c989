import type { Photo } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import {
  MISSING_PLACE_IMAGE,
  photoSrcSet,
  spotImageUrl,
  spotPicture,
  thumbSize,
} from './spot-image.ts';

const place = (cached: string, preview = '') => ({
  cached_preview_image: cached,
  previewImageUrl: preview,
});

const photo = (id: number, width = 1600, height = 1200): Photo => ({
  id,
  width,
  height,
  url: `/api/photos/${id}/large.webp`,
  thumb_url: `/api/photos/${id}/thumb.webp`,
});

describe('spotImageUrl', () => {
  it('prefers our cached copy, then an https preview', () => {
    expect(spotImageUrl(place('/media/places/a.jpg', 'https://x.example/b.jpg'))).toBe(
      '/media/places/a.jpg',
    );
    expect(spotImageUrl(place('', 'https://x.example/b.jpg'))).toBe('https://x.example/b.jpg');
  });

  it('falls back to the missing-place image for anything else', () => {
    for (const value of ['', '//evil.example/x.png', 'http://x.example/a.png', 'javascript:1']) {
      expect(spotImageUrl(place(value, value))).toBe(MISSING_PLACE_IMAGE);
    }
    expect(spotImageUrl(place('', 'data:image/png;base64,AAAA'))).toBe(MISSING_PLACE_IMAGE);
  });
});

describe('photoSrcSet', () => {
  it('gives the thumbnail and the large version their real widths', () => {
    expect(photoSrcSet(photo(1))).toBe(
      '/api/photos/1/thumb.webp 400w, /api/photos/1/large.webp 1600w',
    );
    // A portrait photo: the thumbnail's longest side (its height) is 400 px.
    expect(photoSrcSet(photo(2, 1200, 1600))).toBe(
      '/api/photos/2/thumb.webp 300w, /api/photos/2/large.webp 1200w',
    );
  });

  it('never repeats a width when the photo was smaller than the thumbnail', () => {
    expect(photoSrcSet(photo(3, 300, 200))).toBe(
      '/api/photos/3/thumb.webp 300w, /api/photos/3/large.webp 301w',
    );
  });
});

describe('spotPicture', () => {
  const at = { lat: 48.85837, lng: 2.294481, ...place('') };

  it('shows the cover photo first, as its thumbnail alone (a card never takes the large)', () => {
    const picture = spotPicture({
      photos: [photo(7), photo(8)],
      place_details: { ...at, ...place('/media/p.jpg') },
    });
    expect(picture).toEqual({ src: '/api/photos/7/thumb.webp', kind: 'photo' });
  });

  it("then the provider's picture, then the spot's own location", () => {
    expect(spotPicture({ photos: [], place_details: { ...at, ...place('/media/p.jpg') } })).toEqual(
      {
        src: '/media/p.jpg',
        kind: 'place',
      },
    );
    expect(spotPicture({ place_details: { ...at, ...place('', MISSING_PLACE_IMAGE) } })).toEqual({
      src: '/api/pictures/location/48.858/2.294.png',
      darkSrc: '/api/pictures/location/48.858/2.294.png?theme=dark',
      kind: 'location',
    });
  });

  it('ignores a photo URL that is not our own path', () => {
    const foreign = { ...photo(9), url: 'https://evil.example/x.webp' };
    expect(spotPicture({ photos: [foreign], place_details: at }).kind).toBe('location');
  });
});

describe('thumbSize', () => {
  it('fits the longest side into 400 px and never enlarges', () => {
    expect(thumbSize({ width: 1600, height: 1200 })).toEqual({ width: 400, height: 300 });
    expect(thumbSize({ width: 900, height: 1600 })).toEqual({ width: 225, height: 400 });
    expect(thumbSize({ width: 120, height: 80 })).toEqual({ width: 120, height: 80 });
  });
});
