import { exportSpotsPath, type ExportFormat } from '@spotbook/contract';
import { ChevronDown, Download } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '@/lib/cx.ts';
import { buttonClassName } from './Button.tsx';
import styles from './download-menu.module.css';

/** The four formats in plain words, most people's first (issue 12). */
const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'kml', label: 'Google Earth / My Maps (KML)' },
  { format: 'gpx', label: 'GPS apps (GPX)' },
  { format: 'csv', label: 'Spreadsheet (CSV)' },
  { format: 'geojson', label: 'GeoJSON' },
];

export interface DownloadMenuProps {
  /** a list's id or slug; none: all of the caller's spots */
  list?: string | number;
  /** what the downloads hold, for the button's accessible name ("Download … spots") */
  subject: string;
}

/**
 * "Download" as a WAI-ARIA menu button: Enter, Space or ArrowDown opens it on the first
 * format, ArrowUp on the last; arrows, Home and End move; Escape closes back to the
 * button, Tab closes and moves on. Each format is a plain link with `download`, so the
 * browser saves the server's file (with its name) and shows its own progress.
 */
export function DownloadMenu({ list, subject }: DownloadMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const menuRef = useRef<HTMLUListElement>(null);
  const [alignEnd, setAlignEnd] = useState(false);

  // Opens towards the page's inside: a button near the right edge gets its menu leftwards.
  useLayoutEffect(() => {
    if (!open) return setAlignEnd(false);
    const button = buttonRef.current?.getBoundingClientRect();
    const menu = menuRef.current?.getBoundingClientRect();
    if (button && menu)
      setAlignEnd(button.left + menu.width > document.documentElement.clientWidth);
  }, [open]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') openAt(0);
    else if (event.key === 'ArrowUp') openAt(FORMATS.length - 1);
    else return;
    event.preventDefault();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const last = FORMATS.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={buttonClassName({ variant: 'secondary' })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <Download size={18} aria-hidden="true" />
        <span>
          Download<span className="visually-hidden"> {subject}</span>
        </span>
        <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={cx(styles.menu, alignEnd && styles.end)}
          onKeyDown={onMenuKeyDown}
        >
          {FORMATS.map(({ format, label }, index) => (
            <li key={format} role="none">
              <a
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                href={exportSpotsPath(format, list)}
                download
                className={styles.item}
                onClick={() => close(true)}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
