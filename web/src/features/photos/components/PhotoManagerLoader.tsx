import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/Skeleton.tsx';
import type { PhotoManagerProps } from './PhotoManager.tsx';

const PhotoManager = lazy(() => import('./PhotoManager.tsx'));

/** The owner's photo tools: dnd-kit and the uploader load only for the spot's owner. */
export function PhotoManagerLoader(props: PhotoManagerProps) {
  return (
    <Suspense fallback={<Skeleton lines={3} label="Loading your photos…" />}>
      <PhotoManager {...props} />
    </Suspense>
  );
}
