import { PageSkeleton } from '@/components/PageSkeleton.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { SignedInHome } from './SignedInHome.tsx';
import { SignedOutHome } from './SignedOutHome.tsx';

/** `/`: the pitch when signed out, the user's home when signed in (spec §1, §2). */
export default function HomePage() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSkeleton lines={5} />;
  if (status === 'authenticated' && user) return <SignedInHome user={user} />;
  return <SignedOutHome />;
}
