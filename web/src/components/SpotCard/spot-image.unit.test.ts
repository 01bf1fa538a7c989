import { describe, expect, it } from 'vitest';
import { MISSING_PLACE_IMAGE, spotImageUrl } from './spot-image.ts';

const place = (cached: string, preview = '') => ({
  cached_preview_image: cached,
  previewImageUrl: preview,
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
