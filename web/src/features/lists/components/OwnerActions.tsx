import type { ListDetail } from '@spotbook/contract';
import { ListPlus, MapPinPlus, Pencil, Share2, Trash2 } from 'lucide-react';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { listKey } from '../lib/list-links.ts';

export interface OwnerActionsProps {
  list: ListDetail;
  onShare: () => void;
  onEdit: () => void;
  onAddExisting: () => void;
}

/** The owner's buttons (spec §2, §6): add spots, share, edit, delete. */
export function OwnerActions({ list, onShare, onEdit, onAddExisting }: OwnerActionsProps) {
  return (
    <>
      <ButtonLink
        to={`/newSpot?list=${encodeURIComponent(listKey(list))}`}
        icon={<MapPinPlus size={18} aria-hidden="true" />}
      >
        Add a Spot
      </ButtonLink>
      <Button
        variant="secondary"
        icon={<ListPlus size={18} aria-hidden="true" />}
        onClick={onAddExisting}
      >
        Add My Spots
      </Button>
      <Button variant="secondary" icon={<Share2 size={18} aria-hidden="true" />} onClick={onShare}>
        Share
      </Button>
      <Button variant="quiet" icon={<Pencil size={18} aria-hidden="true" />} onClick={onEdit}>
        Edit
      </Button>
      <ButtonLink
        to={`/lists/${list.id}/delete`}
        variant="quiet"
        icon={<Trash2 size={18} aria-hidden="true" />}
      >
        Delete
      </ButtonLink>
    </>
  );
}
