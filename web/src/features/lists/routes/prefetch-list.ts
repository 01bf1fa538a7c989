import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { preloadMap } from '@/features/map';
import { sessionQuery } from '@/lib/auth/api/session.ts';
import { listQuery } from '../api/get-list.ts';

/**
 * The `/lists/:listId` route's loader, given to the router statically (not from the
 * page's chunk), so the list and the map's code start loading the moment the route
 * matches, beside the page's own code instead of after it (issue 5 §7).
 * The map only for a signed-in viewer: a signed-out one sees a picture instead (issue 14
 * §4). The session is already on its way (main.tsx), so waiting for it costs little.
 */
export const prefetchList =
  (queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    if (params.listId) void queryClient.prefetchQuery(listQuery(params.listId));
    void queryClient
      .fetchQuery(sessionQuery)
      .then(({ user }) => user && preloadMap())
      .catch(() => undefined); // the page reports a failed session, not this head start
    return null;
  };
