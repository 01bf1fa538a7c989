import type { CreatedReview, PlaceDetails } from '@spotbook/contract';
import { MapPinned } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { RequireAuth } from '@/components/RequireAuth.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useListTarget } from '../api/list-target.ts';
import { usePlaceDetails } from '../api/place-details.ts';
import { AreaChooser } from '../components/AreaChooser.tsx';
import { PlaceFinder } from '../components/PlaceFinder.tsx';
import { SelectedPlace } from '../components/SelectedPlace.tsx';
import { SpotActions } from '../components/SpotActions.tsx';
import { Step } from '../components/Step.tsx';
import type { SearchArea } from '../lib/area.ts';
import { listProblem } from '../lib/list-problem.ts';
import styles from '../components/new-spot.module.css';

/** `/newSpot` (spec §2, login required): find a place, then save a spot of it. */
export default function NewSpotPage() {
  return (
    <RequireAuth title="Sign in to add a spot">
      <NewSpot />
    </RequireAuth>
  );
}

function NewSpot() {
  const [searchParams] = useSearchParams();
  const listParam = searchParams.get('list');
  const { user } = useAuth();
  const list = useListTarget(listParam);
  const listTarget = list.data && list.data.user === user?.id ? list.data : null;
  const navigate = useNavigate();
  const [area, setArea] = useState<SearchArea | null>(null);
  const [selected, setSelected] = useState<PlaceDetails | null>(null);
  const details = usePlaceDetails(selected?.id ?? null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The stored details win: they carry the photo path and the caller's spot.
  const place = details.data ?? selected;

  // Keyboard and screen-reader users land on what they just picked.
  useEffect(() => {
    if (selected) headingRef.current?.focus();
  }, [selected]);

  function select(next: PlaceDetails) {
    setSelected(next);
    // Picked from a link or the area box: keep searching around it afterwards.
    setArea(
      (current) =>
        current ?? {
          lat: next.lat,
          lng: next.lng,
          label: next.city || next.formattedAddress || next.displayName,
          placeId: null,
        },
    );
  }

  function created(review: CreatedReview) {
    // Lists work (issue 5 §6): saved onto one's own list, go back to that list, where
    // `addedReviewId` is highlighted for 1.5 s; otherwise on to the new spot.
    if (listParam && listTarget) {
      void navigate(`/lists/${encodeURIComponent(listParam)}`, {
        state: { addedReviewId: review.id },
      });
      return;
    }
    const back = listParam ? `?list=${encodeURIComponent(listParam)}` : '';
    // firstSpot travels in the navigation state: the spot page may celebrate it.
    void navigate(`/reviews/${review.id}${back}`, { state: { firstSpot: review.firstSpot } });
  }

  const problem = listParam ? listProblem(list, listTarget) : null;
  return (
    <>
      <PageHeader
        title={listTarget ? `Add a spot to ${listTarget.name}` : 'Find a spot'}
        subtitle="Choose an area, find the place, then save it with your review and rating."
      />
      {problem && <Alert tone="warning">{problem}</Alert>}
      <div className={styles.layout}>
        <div className={styles.steps}>
          <Step number={1} title="Choose an area">
            <AreaChooser area={area} onAreaChange={setArea} onPlacePicked={select} />
          </Step>
          <Step number={2} title="Find the place">
            <PlaceFinder area={area} onSelect={select} />
          </Step>
        </div>
        <div className={styles.result}>
          {place ? (
            <>
              <SelectedPlace
                place={place}
                onClear={() => setSelected(null)}
                headingRef={headingRef}
              />
              <div className={styles.card}>
                <SpotActions
                  place={place}
                  details={details}
                  listTarget={listTarget}
                  listPending={Boolean(listParam) && list.isPending}
                  onCreated={created}
                />
              </div>
            </>
          ) : (
            <EmptyState
              icon={<MapPinned size={28} />}
              title="No place selected yet"
              headingLevel={2}
            >
              Pick a place from the search, paste a map link, or drop a pin. It shows up here with
              its details, ready to save.
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
