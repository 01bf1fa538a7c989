import { PAGE_SIZE } from '@spotbook/contract/limits';
import { ListPlus } from 'lucide-react';
import { ButtonLink } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { Pager } from '@/components/Pager.tsx';
import { Skeleton } from '@/components/Skeleton.tsx';
import { skeletonLines } from '@/components/skeleton-lines.ts';
import { useOwnLists } from '../api/own-lists.ts';
import { listPath } from '../lib/list-links.ts';
import { ListRow, spotCount } from './ListRow.tsx';
import styles from './home-lists.module.css';

export interface MyListsProps {
  page: number;
  search: string;
  /** The count last seen, so the skeleton has the right size (spec §4). */
  knownCount: number | undefined;
  onPageChange: (page: number) => void;
}

/** The rows of My Lists, pages of 5 (spec §2, §9). */
export function MyLists({ page, search, knownCount, onPageChange }: MyListsProps) {
  const { data, isPending, isError, isPlaceholderData } = useOwnLists(page, search);

  if (isPending)
    return (
      <Skeleton lines={skeletonLines(knownCount, PAGE_SIZE.lists)} label="Loading your lists…" />
    );
  if (isError) return <p className={styles.note}>Your lists could not be loaded.</p>;
  if (data.count === 0) {
    return search ? (
      <p className={styles.note}>No lists match “{search}”.</p>
    ) : (
      <EmptyState
        icon={<ListPlus size={26} />}
        title="No lists yet"
        action={
          <ButtonLink to="/newlist" variant="secondary" size="sm">
            Create your first list
          </ButtonLink>
        }
      >
        Gather spots for a trip, a city or a mood, then share the list with friends.
      </EmptyState>
    );
  }
  return (
    <>
      <ul
        role="list"
        className={styles.rows}
        aria-busy={isPlaceholderData || undefined}
        aria-label="My Lists"
      >
        {data.results.map((list) => (
          <ListRow
            key={list.id}
            to={listPath(list)}
            name={list.name}
            meta={spotCount(list.spot_count)}
            shared={list.shareable_by_link}
          />
        ))}
      </ul>
      <Pager
        count={data.count}
        pageSize={PAGE_SIZE.lists}
        page={page}
        onPageChange={onPageChange}
        label="My Lists pages"
      />
    </>
  );
}
