import { PAGE_SIZE, type ListDetail } from '@spotbook/contract';
import { useId, useMemo, useState } from 'react';
import { ButtonLink } from '@/components/Button.tsx';
import { Modal } from '@/components/modal/Modal.tsx';
import { Pager } from '@/components/Pager.tsx';
import { Skeleton } from '@/components/Skeleton.tsx';
import { useAddSpotToList } from '../api/list-entries.ts';
import { useMySpots } from '../api/my-spots.ts';
import { addToListErrorMessage } from '@/lib/add-to-list-error.ts';
import { useDebouncedSearch } from '@/lib/use-debounced-search.ts';
import { listKey } from '../lib/list-links.ts';
import { PickableSpot } from './PickableSpot.tsx';
import styles from './add-my-spots.module.css';

export interface AddMySpotsDialogProps {
  open: boolean;
  onClose: () => void;
  list: ListDetail;
  /** Told about each spot added, so the list can light it up. */
  onAdded: (reviewId: number) => void;
}

/**
 * The user's own spots offered for adding to this list: each card shows the add overlay,
 * or the 'Already On List' check mark when it is on the list (spec §2, §8).
 */
export function AddMySpotsDialog({ open, onClose, list, onAdded }: AddMySpotsDialogProps) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  // One request when typing pauses, not one per key.
  const [text, setText] = useDebouncedSearch(search, (query) => {
    setSearch(query);
    setPage(1);
  });
  const searchId = useId();
  const spots = useMySpots(page, search, open);
  const add = useAddSpotToList(list.id);
  const onList = useMemo(() => new Set(list.reviews.map((spot) => spot.id)), [list.reviews]);

  return (
    <Modal open={open} onClose={onClose} title={`Add My Spots to ${list.name}`} size="lg">
      <div className={styles.body}>
        <label htmlFor={searchId} className="visually-hidden">
          Search my spots
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder="Search my spots"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
        {spots.isPending ? (
          <Skeleton lines={3} label="Loading your spots…" />
        ) : spots.isError ? (
          <p className={styles.note}>Your spots could not be loaded.</p>
        ) : spots.data.count === 0 ? (
          <div className={styles.note}>
            <p>{search ? `No spots match “${search}”.` : 'You have no spots yet.'}</p>
            <ButtonLink to={`/newSpot?list=${encodeURIComponent(listKey(list))}`} size="sm">
              Find a spot
            </ButtonLink>
          </div>
        ) : (
          <>
            <ul
              role="list"
              className={styles.grid}
              aria-busy={spots.isPlaceholderData || undefined}
            >
              {spots.data.results.map((spot) => (
                <PickableSpot
                  key={spot.id}
                  spot={spot}
                  onList={onList.has(spot.id)}
                  adding={add.isPending && add.variables.reviewId === spot.id}
                  onAdd={() =>
                    add.mutate(
                      { reviewId: spot.id },
                      {
                        onSuccess: () => onAdded(spot.id),
                        onError: (error) => window.alert(addToListErrorMessage(error)),
                      },
                    )
                  }
                />
              ))}
            </ul>
            <Pager
              count={spots.data.count}
              pageSize={PAGE_SIZE.reviews}
              page={page}
              onPageChange={setPage}
              label="My spots pages"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
