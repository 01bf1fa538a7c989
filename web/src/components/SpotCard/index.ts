export { SpotCard } from './SpotCard.tsx';
export { MISSING_PLACE_IMAGE, spotImageUrl } from './spot-image.ts';
