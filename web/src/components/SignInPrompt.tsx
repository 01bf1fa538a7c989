import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { withQuery } from '@/lib/query-string.ts';
import { ButtonLink } from './Button.tsx';
import { ConfirmCard } from './ConfirmCard.tsx';

export interface SignInPromptProps {
  title?: string;
  children?: ReactNode;
  /** Carried to the forms, so the visitor lands back on this list (spec §2). */
  listId?: string;
  headingLevel?: 1 | 2;
}

/** 'Sign in or sign up to …' with both buttons; used by RequireAuth and list pages. */
export function SignInPrompt({
  title = 'Sign in to continue',
  children = 'This page is for signed-in members. Sign in, or create a free account in a minute.',
  listId,
  headingLevel = 2,
}: SignInPromptProps) {
  const query = listId ? { listId } : undefined;
  return (
    <ConfirmCard
      icon={<LogIn size={26} />}
      title={title}
      headingLevel={headingLevel}
      actions={
        <>
          <ButtonLink to={withQuery('/signin', query)}>Sign In</ButtonLink>
          <ButtonLink to={withQuery('/signup', query)} variant="secondary">
            Sign Up
          </ButtonLink>
        </>
      }
    >
      {children}
    </ConfirmCard>
  );
}
