import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { RedirectUnlessLeaving } from '@/components/RedirectUnlessLeaving.tsx';
import { errorMessage, isApiError } from '@/lib/api.ts';
import { useList } from '../api/get-list.ts';
import { ListView } from '../components/ListView.tsx';

// Rare, so not on the first screen's critical path.
const NotPublic = lazy(() =>
  import('../components/NotPublic.tsx').then((m) => ({ default: m.NotPublic })),
);

/**
 * `/lists/:listId`, by id or slug, open to anyone when shareable (spec §2, §8):
 * 404 → the not-found page; 403 → not public; anything else → the server's words.
 */
export default function ListPage() {
  const listId = useParams().listId ?? '';
  const { data, error } = useList(listId);

  if (error) {
    if (isApiError(error) && error.status === 404) return <RedirectUnlessLeaving to="/not-found" />;
    if (isApiError(error) && error.status === 403) {
      return (
        <Suspense fallback={null}>
          <NotPublic listId={listId} />
        </Suspense>
      );
    }
    return (
      <Alert tone="error" title="This list could not be shown">
        {errorMessage(error, 'An error occurred while fetching the list.')}
      </Alert>
    );
  }
  // Loading or loaded: one view, so the map mounted while loading stays (issue 5 §7).
  return <ListView list={data} urlKey={listId} />;
}
