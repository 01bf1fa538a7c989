import { X } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cx } from '@/lib/cx.ts';
import { IconButton } from '../IconButton.tsx';
import { focusableElements } from './focusable.ts';
import styles from './modal.module.css';
import { useModalRegistry } from './modal-registry.ts';

export interface ModalProps {
  open: boolean;
  /** Called on backdrop click, Escape, the close button and route changes. */
  onClose: () => void;
  title: string;
  /** Visually hide the title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
  /** Buttons at the bottom, right-aligned (stacked on phones). */
  actions?: ReactNode;
}

/**
 * A centred overlay on a dimmed backdrop (spec §1). Built on <dialog>.showModal(), which
 * makes the page behind inert; Tab is also kept inside, and focus goes back to the
 * element that opened it. Put `data-autofocus` on the element that should get focus.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ onClose, title, hideTitle, size = 'md', children, actions }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  const titleId = useId();
  const registry = useModalRegistry();

  useEffect(() => registry?.register(() => onCloseRef.current()), [registry]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const body = dialog.querySelector<HTMLElement>('[data-modal-body]');
    const initial =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      (body && focusableElements(body)[0]) ??
      focusableElements(dialog)[0];
    initial?.focus();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableElements(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // The native <dialog>'s own events (cancel on Escape, the backdrop click, Tab kept
    // inside): they are the dialog's behaviour, not an interaction added to static content.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: let the owner decide, so state stays in sync
        onClose();
      }}
      onKeyDown={keepTabInside}
      // The dialog element fills the screen; a press that starts and ends outside the
      // panel is a backdrop click (a drag out of a text field is not).
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
    >
      <div className={cx(styles.panel, styles[size])}>
        <header className={styles.header}>
          <h2 id={titleId} className={cx(styles.title, hideTitle && 'visually-hidden')}>
            {title}
          </h2>
          <IconButton label="Close" icon={<X size={20} aria-hidden="true" />} onClick={onClose} />
        </header>
        <div className={styles.body} data-modal-body>
          {children}
        </div>
        {actions && <footer className={styles.actions}>{actions}</footer>}
      </div>
    </dialog>
  );
}
