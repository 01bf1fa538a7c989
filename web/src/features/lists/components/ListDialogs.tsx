import type { ListDetail } from '@spotbook/contract';
import { Suspense } from 'react';
import { shareUrl } from '../lib/list-links.ts';
import { AddMySpotsDialog, MakeShareableDialog, ShareDialog } from './lazy-parts.ts';

export type ListDialog = 'share' | 'make-shareable' | 'add-spots' | null;

export interface ListDialogsProps {
  list: ListDetail;
  isOwner: boolean;
  open: ListDialog;
  onClose: () => void;
  /** 'Make list shareable by link?' → Yes: edit mode with sharing on (spec §4). */
  onMakeShareable: () => void;
  onAdded: (reviewId: number) => void;
}

/** The list page's dialogs, each loaded the first time it opens (or ahead, when idle). */
export function ListDialogs({
  list,
  isOwner,
  open,
  onClose,
  onMakeShareable,
  onAdded,
}: ListDialogsProps) {
  return (
    <Suspense fallback={null}>
      {open === 'share' && (
        <ShareDialog
          open
          onClose={onClose}
          name={list.name}
          url={shareUrl(window.location.origin, list.slug)}
        />
      )}
      {open === 'make-shareable' && (
        <MakeShareableDialog open onNo={onClose} onYes={onMakeShareable} />
      )}
      {open === 'add-spots' && isOwner && (
        <AddMySpotsDialog open onClose={onClose} list={list} onAdded={onAdded} />
      )}
    </Suspense>
  );
}
