import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '@/lib/cx.ts';
import styles from './alert.module.css';

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

const ICONS = { error: CircleAlert, warning: TriangleAlert, success: CircleCheck, info: Info };

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/**
 * An inline message. Errors are announced at once (role="alert"); other tones politely
 * (role="status"), so a screen reader hears a result without losing its place.
 */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div
      className={cx(styles.alert, styles[tone], className)}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <Icon className={styles.icon} size={20} aria-hidden="true" />
      <div className={styles.content}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.text}>{children}</div>}
      </div>
    </div>
  );
}
