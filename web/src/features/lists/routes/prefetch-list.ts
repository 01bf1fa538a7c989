import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { preloadMap } from '@/features/map';
import { listQuery } from '../api/get-list.ts';

/**
 * The `/lists/:listId` route's loader, given to the router statically (not from the
 * page's chunk), so the list and the map's code start loading the moment the route
 * matches, beside the page's own code instead of after it (issue 5 §7).
 */
export const prefetchList =
  (queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    if (params.listId) void queryClient.prefetchQuery(listQuery(params.listId));
    preloadMap();
    return null;
  };
