import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from '@/lib/cx.ts';
import styles from './pager.module.css';
import { needsPager, pageCount, pagerItems } from './pager.ts';

export interface PagerProps {
  count: number;
  pageSize: number;
  /** 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'My Lists pages'. */
  label?: string;
}

/** Page buttons per spec §9; renders nothing when everything fits on one page. */
export function Pager({ count, pageSize, page, onPageChange, label = 'Pages' }: PagerProps) {
  if (!needsPager(count, pageSize)) return null;
  const total = pageCount(count, pageSize);
  const current = Math.min(Math.max(1, page), total);

  return (
    <nav className={styles.pager} aria-label={label}>
      <ul role="list" className={styles.items}>
        <li>
          <button
            type="button"
            className={cx(styles.item, styles.step)}
            aria-label="Previous page"
            disabled={current === 1}
            onClick={() => onPageChange(current - 1)}
          >
            <ChevronLeft size={18} aria-hidden="true" />
          </button>
        </li>
        {pagerItems(current, total).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={cx(styles.item, item === current && styles.current)}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => item !== current && onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={cx(styles.item, styles.step)}
            aria-label="Next page"
            disabled={current === total}
            onClick={() => onPageChange(current + 1)}
          >
            <ChevronRight size={18} aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
