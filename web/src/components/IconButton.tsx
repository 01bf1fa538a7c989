import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '@/lib/cx.ts';
import styles from './icon-button.module.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'title'> {
  /** Accessible name and tooltip, e.g. 'Create List', 'Open Search'. */
  label: string;
  icon: ReactNode;
  variant?: 'primary' | 'plain';
}

/** A round icon-only button; `label` is both its accessible name and its title. */
export function IconButton({
  label,
  icon,
  variant = 'plain',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(styles.iconButton, styles[variant], className)}
      {...rest}
    >
      {icon}
    </button>
  );
}
