import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { PageSkeleton } from './PageSkeleton.tsx';
import { SignInPrompt, type SignInPromptProps } from './SignInPrompt.tsx';

export interface RequireAuthProps extends Omit<SignInPromptProps, 'children'> {
  children: ReactNode;
  /** The prompt's text for signed-out visitors. */
  prompt?: ReactNode;
}

/**
 * Login-required pages (spec §2): the children once signed in, a skeleton while the
 * session is checked, and a sign-in prompt with Sign In / Sign Up when signed out.
 */
export function RequireAuth({ children, prompt, ...promptProps }: RequireAuthProps) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSkeleton />;
  // The prompt stands in for the whole page, so its title is the page's h1.
  if (status === 'anonymous') {
    return (
      <SignInPrompt headingLevel={1} {...promptProps}>
        {prompt}
      </SignInPrompt>
    );
  }
  return children;
}
