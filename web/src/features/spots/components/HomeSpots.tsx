import { EMPTY_METADATA, PAGE_SIZE } from '@spotbook/contract';
import { useQuery } from '@tanstack/react-query';
import { MapPinPlus, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { DownloadMenu } from '@/components/DownloadMenu.tsx';
import { Pager } from '@/components/Pager.tsx';
import { pageCount } from '@/components/pager.ts';
import { Skeleton } from '@/components/Skeleton.tsx';
import { skeletonLines } from '@/components/skeleton-lines.ts';
import { useMetadata } from '../api/metadata.ts';
import { reviewsPageQuery } from '../api/reviews-page.ts';
import { isUnfiltered, toReviewsQuery } from '../lib/gallery-params.ts';
import { useGalleryParams } from '../lib/use-gallery-params.ts';
import { GalleryControls } from './GalleryControls.tsx';
import { GalleryMap } from './GalleryMap.tsx';
import { ResultSummary } from './ResultSummary.tsx';
import { SpotGrid } from './SpotGrid.tsx';
import styles from './home-spots.module.css';

const ADD_SPOT = 'Add some spots';
const NOTHING_FOUND = 'No spots found';

/**
 * My Spots on the signed-in home (spec §2): search, filters, sort, the map of the
 * current page's pins, the cards and the pager, all driven by the URL.
 */
export function HomeSpots() {
  const { params, update, reset } = useGalleryParams();
  const metadata = useMetadata().data ?? EMPTY_METADATA;
  const spots = useQuery(reviewsPageQuery(toReviewsQuery(params)));
  const resultsRef = useRef<HTMLDivElement>(null);
  const data = spots.data;
  const busy = spots.isPlaceholderData && spots.isFetching;
  const unfiltered = isUnfiltered(params);

  // A page past the end (an old link, or the last spot of a page deleted): go to the last.
  useEffect(() => {
    if (!data || spots.isPlaceholderData || data.results.length || !data.count) return;
    if (params.page > 1)
      update({ page: pageCount(data.count, PAGE_SIZE.reviews) }, { replace: true });
  }, [data, spots.isPlaceholderData, params.page, update]);

  function goToPage(page: number) {
    update({ page });
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  }

  const emptyMessage = unfiltered ? ADD_SPOT : NOTHING_FOUND;
  return (
    <section className={styles.section} aria-labelledby="home-my-spots">
      <header className={styles.header}>
        <h2 id="home-my-spots" className={styles.heading}>
          My Spots
        </h2>
        <div className={styles.actions}>
          <DownloadMenu subject="all my spots" />
          <ButtonLink to="/newSpot" icon={<MapPinPlus size={18} aria-hidden="true" />}>
            Add a spot
          </ButtonLink>
        </div>
      </header>
      <GalleryControls params={params} metadata={metadata} update={update} reset={reset} />
      <GalleryMap spots={data?.results} emptyMessage={emptyMessage} />
      <div ref={resultsRef} className={styles.results}>
        <ResultSummary count={data?.count} page={params.page} busy={busy} />
        {spots.isError && !data ? (
          <Alert tone="error" title="Your spots could not be loaded.">
            <Button variant="secondary" size="sm" onClick={() => void spots.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !data ? (
          <Skeleton
            lines={skeletonLines(metadata.review_count, PAGE_SIZE.reviews)}
            label="Loading spots…"
          />
        ) : data.count === 0 && !busy ? (
          unfiltered ? (
            <EmptyState
              icon={<MapPinPlus size={26} />}
              title={ADD_SPOT}
              action={
                <>
                  <ButtonLink to="/newSpot">Find a spot</ButtonLink>
                  <ButtonLink to="/import" variant="secondary">
                    Import places
                  </ButtonLink>
                </>
              }
            >
              Save a place you loved or one you want to try, with your own review and stars. Saved
              places in Google Maps or another app? Import them from a file.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<SearchX size={26} />}
              title={NOTHING_FOUND}
              action={
                <Button variant="secondary" onClick={reset}>
                  Clear filters
                </Button>
              }
            >
              Nothing matches this search and these filters.
            </EmptyState>
          )
        ) : (
          <SpotGrid spots={data.results} busy={busy} />
        )}
        {data && (
          <Pager
            count={data.count}
            pageSize={PAGE_SIZE.reviews}
            page={params.page}
            onPageChange={goToPage}
            label="My Spots pages"
          />
        )}
      </div>
    </section>
  );
}
