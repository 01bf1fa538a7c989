import { PagePlaceholder } from '@/components/PagePlaceholder.tsx';
import { RequireAuth } from '@/components/RequireAuth.tsx';

/** `/reviews/:reviewId/delete`: the confirmation comes with the spots issue. */
export default function DeleteReviewPage() {
  return (
    <RequireAuth>
      <PagePlaceholder title="Delete spot">
        Here you will confirm removing a spot from your collection.
      </PagePlaceholder>
    </RequireAuth>
  );
}
