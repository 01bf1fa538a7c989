import { Check, Heart, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useFollowEntry, useFollowList, useUnfollowList } from '../api/follow-list.ts';
import styles from './list-header.module.css';

/**
 * Follow for non-owners of a shareable list (spec §4, §8): Follow List, then Following
 * with a remove button; unfollowing takes a second click (Confirm Unfollow or Cancel)
 * and shows 'Removing List...'. Signed out, Follow List explains how to follow.
 */
export function FollowControl({ slug }: { slug: string }) {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const entry = useFollowEntry(slug, signedIn);
  const follow = useFollowList(slug);
  const unfollow = useUnfollowList(slug);
  const [confirming, setConfirming] = useState(false);
  // Each step replaces the button just pressed; once the user has pressed one, the next
  // step's button takes the focus (never on page load, which must not steal it).
  const pressed = useRef(false);
  const focusNext = pressed.current;

  if (!signedIn || entry.data === null || entry.isError) {
    return (
      <Button
        icon={<Heart size={18} aria-hidden="true" />}
        busy={follow.isPending}
        busyLabel="Following..."
        autoFocus={focusNext}
        onClick={() => {
          pressed.current = true;
          if (!signedIn) return window.alert('sign in or sign up to follow this list');
          follow.mutate(undefined, { onError: () => window.alert('problem adding list') });
        }}
      >
        Follow List
      </Button>
    );
  }
  if (entry.isPending) {
    return (
      <Button disabled icon={<Heart size={18} aria-hidden="true" />}>
        Follow List
      </Button>
    );
  }

  const entryId = entry.data.id;
  if (confirming || unfollow.isPending) {
    return (
      <div className={styles.follow} role="group" aria-label="Unfollow this list?">
        <Button
          variant="danger"
          busy={unfollow.isPending}
          busyLabel="Removing List..."
          autoFocus
          onClick={() =>
            unfollow.mutate(entryId, {
              onError: () => window.alert('Error Removing List'),
              onSettled: () => setConfirming(false),
            })
          }
        >
          Confirm Unfollow
        </Button>
        {!unfollow.isPending && (
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className={styles.follow}>
      <span className={styles.following} role="status">
        <Check size={18} aria-hidden="true" /> Following
      </span>
      <Button
        variant="secondary"
        size="sm"
        icon={<X size={16} aria-hidden="true" />}
        aria-label="Remove from Followed Lists"
        autoFocus={focusNext}
        onClick={() => {
          pressed.current = true;
          setConfirming(true);
        }}
      >
        Remove
      </Button>
    </div>
  );
}
