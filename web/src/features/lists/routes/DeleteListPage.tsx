import { Navigate } from 'react-router';
import { PagePlaceholder } from '@/components/PagePlaceholder.tsx';
import { PageSkeleton } from '@/components/PageSkeleton.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';

/** `/lists/:listId/delete`: signed-out visitors (and, later, non-owners) go home (spec §2). */
export default function DeleteListPage() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSkeleton lines={3} />;
  if (status === 'anonymous') return <Navigate to="/" replace />;
  return (
    <PagePlaceholder title="Delete list">
      Here you will confirm deleting one of your lists.
    </PagePlaceholder>
  );
}
