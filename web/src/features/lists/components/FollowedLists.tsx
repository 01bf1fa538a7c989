import { PAGE_SIZE } from '@spotbook/contract/limits';
import { Pager } from '@/components/Pager.tsx';
import { Skeleton } from '@/components/Skeleton.tsx';
import { skeletonLines } from '@/components/skeleton-lines.ts';
import { useSavedLists } from '../api/saved-lists.ts';
import { ExampleLists } from './ExampleLists.tsx';
import { ListRow } from './ListRow.tsx';
import styles from './home-lists.module.css';

export interface FollowedListsProps {
  page: number;
  search: string;
  knownCount: number | undefined;
  onPageChange: (page: number) => void;
}

/** Followed Lists, pages of 5, each a link to `/lists/{list_slug}` (spec §2). */
export function FollowedLists({ page, search, knownCount, onPageChange }: FollowedListsProps) {
  const { data, isPending, isError, isPlaceholderData } = useSavedLists(page, search);

  if (isPending) {
    return (
      <Skeleton
        lines={skeletonLines(knownCount, PAGE_SIZE.savedLists)}
        label="Loading followed lists…"
      />
    );
  }
  // Spec §8: a failure is only logged; the section then reads as empty.
  const count = isError ? 0 : data.count;
  if (count === 0) {
    return search ? (
      <p className={styles.note}>No followed lists match “{search}”.</p>
    ) : (
      <ExampleLists />
    );
  }
  return (
    <>
      <ul
        role="list"
        className={styles.rows}
        aria-busy={isPlaceholderData || undefined}
        aria-label="Followed Lists"
      >
        {data?.results.map((saved) => (
          <ListRow
            key={saved.id}
            to={`/lists/${encodeURIComponent(saved.list_slug)}`}
            name={saved.list_name}
            meta={`by ${saved.owner_username}`}
          />
        ))}
      </ul>
      <Pager
        count={count}
        pageSize={PAGE_SIZE.savedLists}
        page={page}
        onPageChange={onPageChange}
        label="Followed Lists pages"
      />
    </>
  );
}
