import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { Navigate, useParams } from 'react-router';
import { reviewQuery } from '../api/review.ts';
import { DeleteSpot } from '../components/DeleteSpot.tsx';
import { parseReviewId } from '../lib/spot-links.ts';

export const prefetch =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const id = parseReviewId(params.reviewId);
    if (id !== null) void queryClient.prefetchQuery(reviewQuery(id));
    return null;
  };

/** `/reviews/:reviewId/delete`: the owner confirms; everyone else is sent home (spec §2, §6). */
export default function DeleteReviewPage() {
  const id = parseReviewId(useParams().reviewId);
  if (id === null) return <Navigate to="/" replace />;
  return <DeleteSpot key={id} id={id} />;
}
