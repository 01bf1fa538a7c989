import { ACCOUNT_EXPORT_PATH, type User } from '@spotbook/contract';
import { ChevronDown, Download, FileUp, Info, ListPlus, LogOut, MapPin, House } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context.ts';
import styles from './account-menu.module.css';

/**
 * The signed-in account area: an initial "avatar" and the username, opening a small
 * panel of shortcuts. A disclosure (button + panel), closed by Escape, an outside click
 * or a route change.
 */
export function AccountMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const initial = user.username.charAt(0).toUpperCase();

  return (
    <div className={styles.menu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* Named by its text, not an aria-label, so the name holds what sighted users read
            (and say to voice control): "ada, account menu". */}
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <span className={styles.username}>{user.username}</span>
        <span className="visually-hidden">, account menu</span>
        <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
      </button>
      {open && (
        <div id={panelId} className={styles.panel}>
          <div className={styles.who}>
            <p className={styles.whoName}>{user.username}</p>
            <p className={styles.whoEmail}>{user.email}</p>
          </div>
          <ul role="list" className={styles.items}>
            <li>
              <Link to="/" className={styles.item}>
                <House size={18} aria-hidden="true" /> My spots
              </Link>
            </li>
            <li>
              <Link to="/newSpot" className={styles.item}>
                <MapPin size={18} aria-hidden="true" /> Add a spot
              </Link>
            </li>
            <li>
              <Link to="/newlist" className={styles.item}>
                <ListPlus size={18} aria-hidden="true" /> Create a list
              </Link>
            </li>
            <li>
              <Link to="/import" className={styles.item}>
                <FileUp size={18} aria-hidden="true" /> Import places
              </Link>
            </li>
            <li>
              {/* A plain download link: the browser saves the server's file, with its name.
                  Nothing navigates, so the menu closes itself. */}
              <a
                href={ACCOUNT_EXPORT_PATH}
                download
                className={styles.item}
                onClick={() => setOpen(false)}
              >
                <Download size={18} aria-hidden="true" /> Export my account
              </a>
            </li>
            <li>
              <Link to="/about" className={styles.item}>
                <Info size={18} aria-hidden="true" /> About
              </Link>
            </li>
            <li className={styles.separator}>
              <button type="button" className={styles.item} onClick={() => void logout()}>
                <LogOut size={18} aria-hidden="true" /> Log out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
