import { Navigate } from 'react-router';
import { useLeavingPage } from '@/lib/use-leaving-page.ts';

/**
 * A page's own redirect (`<Navigate replace>`), held back while the reader is on their way
 * elsewhere: it would cancel their navigation. Drawn again when that navigation ends, so
 * it still redirects if the reader stays.
 */
export function RedirectUnlessLeaving({ to }: { to: string }) {
  const leaving = useLeavingPage();
  return leaving() ? null : <Navigate to={to} replace />;
}
