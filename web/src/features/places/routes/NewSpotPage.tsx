import { PagePlaceholder } from '@/components/PagePlaceholder.tsx';
import { RequireAuth } from '@/components/RequireAuth.tsx';

/** `/newSpot` (login required): the add-a-spot flow comes with the places issue. */
export default function NewSpotPage() {
  return (
    <RequireAuth title="Sign in to add a spot">
      <PagePlaceholder title="Find a spot">
        Choose an area, search for a place and save it with your review and rating.
      </PagePlaceholder>
    </RequireAuth>
  );
}
