export { SpotCard } from './SpotCard.tsx';
export { photoSrcSet, showMissingImage, spotPicture, thumbSize } from './spot-image.ts';
