import { Copy, Mail, MessageSquare, Share2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button, buttonClassName } from '@/components/Button.tsx';
import { Modal } from '@/components/modal/Modal.tsx';
import { mailtoHref, smsHref } from '../lib/list-links.ts';
import styles from './share.module.css';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  name: string;
  url: string;
}

/** Spec §1, §8: share a shareable list by copied link, e-mail, text message or the system sheet. */
export function ShareDialog({ open, onClose, name, url }: ShareDialogProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      window.alert('Link copied to clipboard!');
    } catch {
      // No clipboard access (permission refused): select the link so it can be copied by hand.
      input.current?.focus();
      input.current?.select();
    }
  }

  async function systemShare() {
    try {
      await navigator.share({ title: name, text: name, url });
    } catch {
      // Dismissing the share sheet rejects too; nothing to report.
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Share this list" size="sm">
      <div className={styles.dialog}>
        <label htmlFor={inputId} className={styles.label}>
          Link to this list
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.link}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className={styles.options}>
          <Button icon={<Copy size={18} aria-hidden="true" />} onClick={copyLink} data-autofocus>
            Copy Link
          </Button>
          <a className={buttonClassName({ variant: 'secondary' })} href={mailtoHref(name, url)}>
            <Mail size={18} aria-hidden="true" />
            <span>Email</span>
          </a>
          <a className={buttonClassName({ variant: 'secondary' })} href={smsHref(name, url)}>
            <MessageSquare size={18} aria-hidden="true" />
            <span>Text Message</span>
          </a>
          {canShare && (
            <Button
              variant="secondary"
              icon={<Share2 size={18} aria-hidden="true" />}
              onClick={systemShare}
            >
              More Options
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
