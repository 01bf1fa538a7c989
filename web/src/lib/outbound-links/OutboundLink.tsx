import { ChevronsLeftRight, ExternalLink } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import type { FoundLink } from './find-links.ts';
import styles from './outbound-links.module.css';

/** Spec §5, word for word. */
export const LEAVING_SITE_MESSAGE = "You're leaving our site. Are you sure you trust this link?";

/** Asks first; only a yes opens the link, in a new tab that cannot reach back to us. */
export function openAfterConfirm(href: string) {
  if (window.confirm(LEAVING_SITE_MESSAGE)) window.open(href, '_blank', 'noopener,noreferrer');
}

/**
 * A link from user text: `host/...` until expanded, then the full URL. It is a real
 * `<a href>` (so it reads as a link, shows its target on hover and can be copied), but
 * every click — plain, modified or middle — goes through the confirmation instead.
 */
export function OutboundLink({ link }: { link: FoundLink }) {
  const [expanded, setExpanded] = useState(false);
  const expandable = link.collapsed.endsWith('/...');

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    openAfterConfirm(link.href);
  }

  // The middle button opens links in a new tab; the right one only opens the menu.
  function onAuxClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button === 1) onClick(event);
  }

  return (
    <span className={styles.outbound}>
      <a
        href={link.href}
        className={styles.link}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        onClick={onClick}
        onAuxClick={onAuxClick}
      >
        {expanded ? link.href : link.collapsed}
        <ExternalLink size={14} className={styles.icon} aria-hidden="true" />
      </a>
      {expandable && (
        <button
          type="button"
          className={styles.expand}
          aria-expanded={expanded}
          aria-label={expanded ? 'Show short link' : 'Show full link'}
          title={expanded ? 'Show short link' : 'Show full link'}
          onClick={() => setExpanded(!expanded)}
        >
          <ChevronsLeftRight size={14} aria-hidden="true" />
        </button>
      )}
    </span>
  );
}
