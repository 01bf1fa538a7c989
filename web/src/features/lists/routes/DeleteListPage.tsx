import { Trash2 } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { ConfirmCard } from '@/components/ConfirmCard.tsx';
import { PageSkeleton } from '@/components/PageSkeleton.tsx';
import { RedirectUnlessLeaving } from '@/components/RedirectUnlessLeaving.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useDeleteList } from '../api/delete-list.ts';
import { useList } from '../api/get-list.ts';
import { listPath } from '../lib/list-links.ts';

/** `/lists/:listId/delete` (spec §2): the owner confirms; everyone else is sent home. */
export default function DeleteListPage() {
  const listId = useParams().listId ?? '';
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const list = useList(listId);
  const navigate = useNavigate();
  const remove = useDeleteList(list.data?.id ?? 0);

  if (status === 'loading') return <PageSkeleton lines={3} />;
  if (!signedIn) return <RedirectUnlessLeaving to="/" />;
  if (list.isPending) return <PageSkeleton lines={3} />;
  if (list.isError || list.data.user !== user?.id) {
    // Deleting removes the list from the cache; what was deleted is not "someone else's".
    return remove.isSuccess ? null : <RedirectUnlessLeaving to="/" />;
  }

  const back = listPath(list.data);
  return (
    <ConfirmCard
      icon={<Trash2 size={26} />}
      tone="danger"
      title={`Are you sure you want to delete ${list.data.name}?`}
      notice={
        remove.isError && (
          <Alert tone="error">{errorMessage(remove.error, 'The list could not be deleted.')}</Alert>
        )
      }
      actions={
        <>
          <Button
            variant="danger"
            busy={remove.isPending}
            busyLabel="Deleting..."
            onClick={() =>
              remove.mutate(undefined, { onSuccess: () => void navigate('/', { replace: true }) })
            }
          >
            Delete
          </Button>
          <ButtonLink to={back} variant="secondary">
            Cancel
          </ButtonLink>
        </>
      }
    >
      <p>
        The list goes for good, and friends who follow it lose it. Your spots stay in your notebook.
      </p>
    </ConfirmCard>
  );
}
