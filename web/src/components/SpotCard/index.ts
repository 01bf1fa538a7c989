export { SpotCard } from './SpotCard.tsx';
export { photoSrcSet, showMissingImage, spotPicture, thumbSize } from './spot-image.ts';
export { ThemedPicture } from './ThemedPicture.tsx';
