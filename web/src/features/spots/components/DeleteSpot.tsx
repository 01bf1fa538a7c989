import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { ConfirmCard } from '@/components/ConfirmCard.tsx';
import { PageSkeleton } from '@/components/PageSkeleton.tsx';
import { RedirectUnlessLeaving } from '@/components/RedirectUnlessLeaving.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useDeleteReview } from '../api/delete-review.ts';
import { reviewQuery } from '../api/review.ts';
import { readSpotOrigin, spotPath } from '../lib/spot-links.ts';

/** The confirmation for deleting a spot; Delete goes home, Cancel back to the spot. */
export function DeleteSpot({ id }: { id: number }) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const origin = readSpotOrigin(useSearchParams()[0]);
  const spot = useQuery({ ...reviewQuery(id), enabled: status === 'authenticated' });
  const remove = useDeleteReview(id);
  const [failure, setFailure] = useState<string | null>(null);

  if (status === 'anonymous') return <RedirectUnlessLeaving to="/" />;
  // Someone else's spot (or none at all): not theirs to delete, so home it is.
  if (spot.isError) return <RedirectUnlessLeaving to="/" />;
  if (status === 'loading' || !spot.data) return <PageSkeleton lines={3} />;
  if (spot.data.user !== user?.id) return <RedirectUnlessLeaving to="/" />;

  const place = spot.data.place_details.displayName;
  async function deleteSpot() {
    setFailure(null);
    try {
      await remove.mutateAsync();
      await navigate('/', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'The spot could not be deleted. Please try again.'));
    }
  }

  return (
    <ConfirmCard
      icon={<Trash2 size={26} />}
      tone="danger"
      title={`Are you sure you want to delete ${place} from your spots?`}
      notice={failure && <Alert tone="error">{failure}</Alert>}
      actions={
        <>
          <Button
            variant="danger"
            busy={remove.isPending}
            busyLabel="Deleting..."
            onClick={() => void deleteSpot()}
            icon={<Trash2 size={18} aria-hidden="true" />}
          >
            Delete
          </Button>
          <ButtonLink to={spotPath(id, origin)} variant="secondary">
            Cancel
          </ButtonLink>
        </>
      }
    >
      <p>
        Your review and rating go with it, and it comes off every list it is on. This cannot be
        undone.
      </p>
    </ConfirmCard>
  );
}
