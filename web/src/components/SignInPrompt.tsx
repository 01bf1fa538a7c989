import { LogIn } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { withQuery } from '@/lib/query-string.ts';
import { ButtonLink } from './Button.tsx';
import styles from './sign-in-prompt.module.css';

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
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = useId();
  const query = listId ? { listId } : undefined;
  return (
    <section className={styles.prompt} aria-labelledby={headingId}>
      <div className={styles.icon} aria-hidden="true">
        <LogIn size={26} />
      </div>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      <div className={styles.text}>{children}</div>
      <div className={styles.actions}>
        <ButtonLink to={withQuery('/signin', query)}>Sign In</ButtonLink>
        <ButtonLink to={withQuery('/signup', query)} variant="secondary">
          Sign Up
        </ButtonLink>
      </div>
    </section>
  );
}
