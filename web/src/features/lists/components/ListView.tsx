import type { ListDetail } from '@spotbook/contract';
import { Share2 } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { Skeleton } from '@/components/Skeleton.tsx';
import { DownloadMenu } from '@/components/DownloadMenu.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { FollowControl } from './FollowControl.tsx';
import { EditListPanel, preloadListParts } from './lazy-parts.ts';
import { ListDialogs, type ListDialog } from './ListDialogs.tsx';
import { ListHeader } from './ListHeader.tsx';
import { ListMap } from './ListMap.tsx';
import { ListSpots } from './ListSpots.tsx';
import { OwnerActions } from './OwnerActions.tsx';
import { useHighlight } from './use-highlight.ts';
import styles from './list-view.module.css';

export interface ListViewProps {
  /** Undefined while loading: the map is already on its way (issue 5 §7). */
  list: ListDetail | undefined;
  /** The key in the address bar (id, current slug or an old slug). */
  urlKey: string;
}

/**
 * A list page: header and actions, then the map, then the cards (design brief). The map
 * is mounted from the start, so its code, style and tiles load while the list does; the
 * pins arrive with the list.
 */
export function ListView({ list, urlKey }: ListViewProps) {
  const { user } = useAuth();
  const isOwner = list !== undefined && user?.id === list.user;
  const [dialog, setDialog] = useState<ListDialog>(null);
  const [editing, setEditing] = useState<{ shareable: boolean } | null>(null);
  const [leftEditing, setLeftEditing] = useState(false);
  const highlight = useHighlight();
  const listId = list?.id;

  // Another list in the same page (a link from list to list): start afresh.
  useEffect(() => {
    setEditing(null);
    setDialog(null);
    if (listId !== undefined) preloadListParts(isOwner);
  }, [listId, isOwner]);

  return (
    <div className={styles.page}>
      {!list ? (
        <div className={styles.headerSkeleton}>
          <Skeleton lines={3} label="Loading the list…" />
        </div>
      ) : editing ? (
        <Suspense fallback={<Skeleton lines={5} label="Opening the editor…" />}>
          <EditListPanel
            list={list}
            urlKey={urlKey}
            shareable={editing.shareable}
            onDone={() => {
              setEditing(null);
              setLeftEditing(true);
            }}
          />
        </Suspense>
      ) : (
        <ListHeader
          list={list}
          isOwner={isOwner}
          focusTitle={leftEditing}
          actions={
            isOwner ? (
              <>
                <OwnerActions
                  list={list}
                  onShare={() => setDialog(list.shareable_by_link ? 'share' : 'make-shareable')}
                  onEdit={() => setEditing({ shareable: list.shareable_by_link })}
                  onAddExisting={() => setDialog('add-spots')}
                />
                <DownloadMenu list={list.id} subject="this list's spots" />
              </>
            ) : (
              <>
                <FollowControl slug={list.slug} />
                <Button
                  variant="secondary"
                  icon={<Share2 size={18} aria-hidden="true" />}
                  onClick={() => setDialog('share')}
                >
                  Share
                </Button>
                {/* Exports need a signed-in user (runtime contract §7). */}
                {user && <DownloadMenu list={list.slug} subject="this list's spots" />}
              </>
            )
          }
        />
      )}
      <ListMap list={list} urlKey={urlKey} />
      {list ? (
        <ListSpots list={list} isOwner={isOwner} highlightId={highlight.id} />
      ) : (
        <Skeleton lines={5} label="Loading the spots…" />
      )}
      {list && (
        <ListDialogs
          list={list}
          isOwner={isOwner}
          open={dialog}
          onClose={() => setDialog(null)}
          onMakeShareable={() => {
            setDialog(null);
            setEditing({ shareable: true });
          }}
          onAdded={highlight.set}
        />
      )}
    </div>
  );
}
