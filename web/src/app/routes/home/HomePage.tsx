import type { User } from '@spotbook/contract';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { LoaderFunction } from 'react-router';
import { PageSkeleton } from '@/components/PageSkeleton.tsx';
import { sessionQuery } from '@/lib/auth/api/session.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { SignedOutHome } from './SignedOutHome.tsx';

/**
 * The signed-in home (galleries, cards, list panels) is a chunk of its own: the signed-out
 * front page, a new visitor's first screen, fetches none of it (issue 14 §4, decision
 * 024). For someone signed in the server preloads it with the HTML, and the route's
 * loader waits for it, so the page draws at once, with no loading frame.
 */
const loadSignedInHome = () => import('./SignedInHome.tsx');
let signedInHome: Awaited<ReturnType<typeof loadSignedInHome>> | undefined;
/** For a sign-in the loader did not see coming (another tab, a late session answer). */
const LazySignedInHome = lazy(async () => ({ default: (await loadSignedInHome()).SignedInHome }));

/** The route's loader: the signed-in home's code before the page draws, when it will be shown. */
export const prefetch =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    try {
      const { user } = await queryClient.ensureQueryData(sessionQuery);
      if (user) signedInHome ??= await loadSignedInHome();
    } catch {
      // The page shows a failed session as signed out, and a failed fetch of the code
      // through its lazy twin below (the route's error page).
    }
    return null;
  };

function SignedIn({ user }: { user: User }) {
  // Decided once: switching from the lazy twin to the loaded module would remount the page.
  const [loaded] = useState(() => signedInHome);
  if (loaded) return <loaded.SignedInHome user={user} />;
  return (
    <Suspense fallback={<PageSkeleton lines={5} />}>
      <LazySignedInHome user={user} />
    </Suspense>
  );
}

/** `/`: the pitch when signed out, the user's home when signed in (spec §1, §2). */
export default function HomePage() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSkeleton lines={5} />;
  if (status === 'authenticated' && user) return <SignedIn user={user} />;
  return <SignedOutHome />;
}
