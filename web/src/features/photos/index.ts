/**
 * Photos of a spot (issue 13), shared with the spot page like the map widget: the gallery
 * is small and static; the owner's tools (upload, drag reorder) and the lightbox are
 * chunks of their own, loaded only where they are used.
 */
export { SpotGallery } from './components/SpotGallery.tsx';
export { PhotoManagerLoader } from './components/PhotoManagerLoader.tsx';
