import type { ListDetail } from '@spotbook/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ownerFromSlug } from '../lib/list-links.ts';
import { SharingBadge } from './SharingBadge.tsx';
import styles from './list-header.module.css';

export interface ListHeaderProps {
  list: ListDetail;
  isOwner: boolean;
  /** Share / follow / owner buttons (design brief: right under the description). */
  actions: ReactNode;
  /** Back from edit mode: the form that had focus is gone, so the title takes it. */
  focusTitle?: boolean;
}

/** Design brief: a list page leads with its title, 'by {owner}', description and actions. */
export function ListHeader({ list, isOwner, actions, focusTitle }: ListHeaderProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // As the header mounts only: it comes back each time edit mode ends.
  const [focusOnMount] = useState(focusTitle);
  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus();
  }, [focusOnMount]);
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 className={styles.title} tabIndex={-1} ref={titleRef}>
          {list.name}
        </h1>
        {isOwner && <SharingBadge shared={list.shareable_by_link} sharedLabel="Shared by link" />}
      </div>
      <p className={styles.byline}>by {ownerFromSlug(list.slug)}</p>
      {list.description && <p className={styles.description}>{list.description}</p>}
      <div className={styles.actions}>{actions}</div>
    </header>
  );
}
