import { useQuery } from '@tanstack/react-query';
import { List, Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { reviewListsQuery } from '../api/review.ts';
import { listPath } from '../lib/spot-links.ts';
import styles from './spot-page.module.css';

/**
 * The lists holding the spot. The API shows a visitor only the owner's shared lists, so
 * the section is left out for a visitor when there are none, and a failure is silent
 * (spec §8: other failures are only logged; TanStack Query keeps the error).
 */
export function SpotLists({ reviewId, isOwner }: { reviewId: number; isOwner: boolean }) {
  const lists = useQuery(reviewListsQuery(reviewId));
  if (!lists.data) return null;
  if (!lists.data.length && !isOwner) return null;
  return (
    <section className={styles.card} aria-labelledby="spot-lists">
      <h2 id="spot-lists" className={styles.sectionTitle}>
        <List size={18} aria-hidden="true" />
        On lists
      </h2>
      {lists.data.length ? (
        <ul role="list" className={styles.listChips}>
          {lists.data.map((list) => (
            <li key={list.id}>
              <Link to={listPath(list)} className={styles.listChip}>
                {list.shareable_by_link ? (
                  <Users size={14} aria-hidden="true" />
                ) : (
                  <Lock size={14} aria-hidden="true" />
                )}
                {list.name}
                <span className="visually-hidden">
                  {list.shareable_by_link ? ' (shared)' : ' (private)'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Not on any list yet. Edit the spot to add it to one.</p>
      )}
    </section>
  );
}
