import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { Navigate, useParams } from 'react-router';
import { reviewListsQuery, reviewQuery } from '../api/review.ts';
import { SpotPage } from '../components/SpotPage.tsx';
import { parseReviewId } from '../lib/spot-links.ts';

/** Starts loading the spot and its lists together with the page's code. */
export const prefetch =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const id = parseReviewId(params.reviewId);
    if (id !== null) {
      void queryClient.prefetchQuery(reviewQuery(id));
      void queryClient.prefetchQuery(reviewListsQuery(id));
    }
    return null;
  };

/** `/reviews/:reviewId`: one spot, its place and the lists it is on (spec §2). */
export default function ReviewPage() {
  const id = parseReviewId(useParams().reviewId);
  if (id === null) return <Navigate to="/not-found" replace />;
  // A fresh page per spot: edit mode and form state never leak from one spot to the next.
  return <SpotPage key={id} id={id} />;
}
