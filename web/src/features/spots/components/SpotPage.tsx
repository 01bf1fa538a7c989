import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { PageSkeleton } from '@/components/PageSkeleton.tsx';
import { VisitedIcon } from '@/components/VisitedIcon.tsx';
import { RedirectUnlessLeaving } from '@/components/RedirectUnlessLeaving.tsx';
import { isApiError } from '@/lib/api.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { PhotoManagerLoader, SpotGallery } from '@/features/photos/index.ts';
import { reviewQuery } from '../api/review.ts';
import { backToListPath, readSpotOrigin, spotPath } from '../lib/spot-links.ts';
import { SpotDetails } from './SpotDetails.tsx';
import { SpotEditForm } from './SpotEditForm.tsx';
import { SpotLists } from './SpotLists.tsx';
import { SpotReview } from './SpotReview.tsx';
import styles from './spot-page.module.css';

/** A missing spot and someone else's private one look the same: not found. */
function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * The spot page: view mode for everyone allowed to see the spot, plus Edit and Delete
 * for its owner. Saving returns to view mode, or to the list the spot was opened from.
 */
export function SpotPage({ id }: { id: number }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const origin = readSpotOrigin(useSearchParams()[0]);
  const spot = useQuery(reviewQuery(id));
  // The create flow ends here with `firstSpot` in the state: the photo tools invite photos.
  const justCreated =
    (useLocation().state as { firstSpot?: boolean } | null)?.firstSpot !== undefined;
  const [editing, setEditing] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);

  // Leaving edit mode removes the focused form: put keyboard users back on Edit.
  useEffect(() => {
    if (wasEditing.current && !editing) actions.current?.querySelector('button')?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (spot.isError && isNotFound(spot.error)) return <RedirectUnlessLeaving to="/not-found" />;
  if (spot.isPending) return <PageSkeleton lines={5} />;
  if (spot.isError) {
    return (
      <Alert tone="error" title="This spot could not be loaded.">
        <Button variant="secondary" size="sm" onClick={() => void spot.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const review = spot.data;
  const place = review.place_details;
  const isOwner = user !== null && user.id === review.user;
  const backTo = backToListPath(origin);

  function onSaved() {
    if (backTo) void navigate(backTo);
    else setEditing(false);
  }

  return (
    <article className={styles.page} aria-labelledby="spot-title">
      {backTo && (
        <ButtonLink
          to={backTo}
          variant="quiet"
          size="sm"
          className={styles.back}
          icon={<ArrowLeft size={16} aria-hidden="true" />}
        >
          Back to List
        </ButtonLink>
      )}
      <header className={styles.header}>
        <div className={styles.titleBlock}>
          <h1 id="spot-title" className={styles.title}>
            {place.displayName}
          </h1>
          <p className={styles.subtitle}>
            <VisitedIcon visited={review.visited} showLabel size={18} />
            {[place.city, place.country].filter(Boolean).join(', ')}
          </p>
        </div>
        {isOwner && !editing && (
          <div className={styles.actions} ref={actions}>
            <Button
              variant="secondary"
              icon={<Pencil size={16} aria-hidden="true" />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <ButtonLink
              to={spotPath(id, origin, '/delete')}
              variant="quiet"
              icon={<Trash2 size={16} aria-hidden="true" />}
            >
              Delete
            </ButtonLink>
          </div>
        )}
      </header>
      {/* Phones: image, the review, then the place's facts; desktops: two columns. */}
      <div className={styles.layout}>
        <SpotGallery spot={review} className={styles.gallery} />
        <SpotDetails review={review} />
        <div className={styles.main}>
          {editing ? (
            <SpotEditForm review={review} onSaved={onSaved} onCancel={() => setEditing(false)} />
          ) : (
            <SpotReview review={review} />
          )}
          {isOwner && !editing && <PhotoManagerLoader spot={review} justCreated={justCreated} />}
          {!editing && <SpotLists reviewId={id} isOwner={isOwner} />}
        </div>
      </div>
    </article>
  );
}
