import type { Photo } from '@spotbook/contract';
import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { thumbSize } from '@/components/SpotCard/index.ts';

export interface PhotoLightboxProps {
  photos: readonly Photo[];
  index: number;
  placeName: string;
  onClose: () => void;
}

/**
 * The full-screen viewer (its own chunk, loaded on the first open): arrow keys, Escape,
 * swipe on touch; it keeps focus inside while open and gives it back to the thumbnail
 * that opened it. Each slide offers the thumbnail and the large version by width.
 */
export default function PhotoLightbox({ photos, index, placeName, onClose }: PhotoLightboxProps) {
  const slides = photos.map((photo, at) => ({
    src: photo.url,
    alt: `${placeName}, photo ${at + 1} of ${photos.length}`,
    width: photo.width,
    height: photo.height,
    srcSet: [
      { src: photo.thumb_url, ...thumbSize(photo) },
      { src: photo.url, width: photo.width, height: photo.height },
    ],
  }));
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      carousel={{ finite: photos.length <= 2 }}
      controller={{ closeOnBackdropClick: true }}
      labels={{ Previous: 'Previous photo', Next: 'Next photo', Close: 'Close' }}
    />
  );
}
