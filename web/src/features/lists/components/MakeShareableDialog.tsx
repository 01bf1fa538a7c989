import { Button } from '@/components/Button.tsx';
import { Modal } from '@/components/modal/Modal.tsx';

export interface MakeShareableDialogProps {
  open: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** Spec §4: sharing a private list first asks; Yes opens edit mode with sharing on. */
export function MakeShareableDialog({ open, onYes, onNo }: MakeShareableDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onNo}
      title="Make list shareable by link?"
      size="sm"
      actions={
        <>
          <Button variant="secondary" onClick={onNo}>
            No
          </Button>
          <Button onClick={onYes} data-autofocus>
            Yes
          </Button>
        </>
      }
    >
      <p>
        Only lists that are shareable by link can be opened by friends. You can make it private
        again at any time.
      </p>
    </Modal>
  );
}
