import { LIST_MESSAGES } from '@spotbook/contract';
import { Lock } from 'lucide-react';
import { ButtonLink } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { SignInPrompt } from '@/components/SignInPrompt.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';

/**
 * A list someone may not see (the API's 403): spec §2's words, and when signed out the
 * sign-in options, which bring the visitor back to this list (it may be theirs).
 */
export function NotPublic({ listId }: { listId: string }) {
  const { status } = useAuth();
  if (status !== 'authenticated') {
    return (
      <SignInPrompt title={LIST_MESSAGES.notPublic} listId={listId} headingLevel={1}>
        <p>{LIST_MESSAGES.notPublicHint}</p>
        <p>If it is your own list, sign in to open it.</p>
      </SignInPrompt>
    );
  }
  return (
    <EmptyState
      icon={<Lock size={26} />}
      title={LIST_MESSAGES.notPublic}
      headingLevel={2}
      action={
        <ButtonLink to="/" variant="secondary">
          Back to home
        </ButtonLink>
      }
    >
      {LIST_MESSAGES.notPublicHint}
    </EmptyState>
  );
}
