import { PagePlaceholder } from '@/components/PagePlaceholder.tsx';

/** `/reviews/:reviewId`: the spot page comes with the spots issue. */
export default function ReviewPage() {
  return (
    <PagePlaceholder title="Spot">
      A spot will show the place, your review and rating, and the lists it is on.
    </PagePlaceholder>
  );
}
