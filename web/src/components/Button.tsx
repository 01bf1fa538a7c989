import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '@/lib/cx.ts';
import styles from './button.module.css';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'md' | 'sm';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Icon shown before the label. */
  icon?: ReactNode;
  /** Stretches to the width of its container. */
  block?: boolean;
}

export function buttonClassName({ variant = 'primary', size = 'md', block }: ButtonLookProps) {
  return cx(styles.button, styles[variant], styles[size], block && styles.block);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookProps {
  /** Shows a spinner and `busyLabel`, and ignores clicks until the work is done. */
  busy?: boolean;
  /** The spec's busy texts, e.g. 'Signing in...'. */
  busyLabel?: string;
}

export function Button({
  variant,
  size,
  icon,
  block,
  busy = false,
  busyLabel,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClassName({ variant, size, block }), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      // A submit button keeps focus in the field being left: otherwise that field's
      // blur shows its error above the button, the button moves, and the click is lost.
      onMouseDown={type === 'submit' ? (event) => event.preventDefault() : undefined}
      {...rest}
    >
      {busy ? <Spinner size={size === 'sm' ? 16 : 18} /> : icon}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, ButtonLookProps {}

/** A link that looks like a button, for actions that navigate (Sign In, Create List…). */
export function ButtonLink({
  variant,
  size,
  icon,
  block,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={cx(buttonClassName({ variant, size, block }), className)} {...rest}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}
