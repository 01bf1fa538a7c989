import { PagePlaceholder } from '@/components/PagePlaceholder.tsx';
import { RequireAuth } from '@/components/RequireAuth.tsx';

/** `/newlist` (login required): the create-list form comes with the lists issue. */
export default function NewListPage() {
  return (
    <RequireAuth title="Sign in to create a list">
      <PagePlaceholder title="Create a list">
        Name a list, describe it and choose whether friends can open it by link.
      </PagePlaceholder>
    </RequireAuth>
  );
}
