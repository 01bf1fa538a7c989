import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/cx.ts';
import { plural } from '@spotbook/contract';
import styles from './field.module.css';

/** What every labelled field offers besides its control (design brief: Forms). */
export interface FieldChromeProps {
  label: string;
  /** Help text under the field. */
  help?: ReactNode;
  /** Shown in place under the field; the first message when several. */
  error?: string | readonly string[] | null;
  /** With `maxLength`: shows 'N characters left' under the field. */
  showRemaining?: boolean;
  /** The remaining count turns to a warning at this many characters left (spec §5). */
  warnAtRemaining?: number;
}

export function firstMessage(error: FieldChromeProps['error']): string | null {
  if (!error) return null;
  return typeof error === 'string' ? error : (error[0] ?? null);
}

export function useFieldIds(id?: string) {
  const generated = useId();
  const base = id ?? generated;
  return { id: base, help: `${base}-help`, error: `${base}-error`, count: `${base}-count` };
}

type FieldIds = ReturnType<typeof useFieldIds>;

interface FieldFrameProps extends FieldChromeProps {
  ids: FieldIds;
  length: number;
  maxLength?: number;
  children: (control: { describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label above, control, then error, help and remaining count, all tied by aria-describedby. */
export function FieldFrame({
  ids,
  label,
  help,
  error,
  showRemaining,
  warnAtRemaining,
  length,
  maxLength,
  children,
}: FieldFrameProps) {
  const message = firstMessage(error);
  const remaining = showRemaining && maxLength !== undefined ? maxLength - length : null;
  const warn = remaining !== null && warnAtRemaining !== undefined && remaining <= warnAtRemaining;
  const describedBy =
    [message && ids.error, help && ids.help, remaining !== null && ids.count]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.id}>
        {label}
      </label>
      {children({ describedBy, invalid: Boolean(message) })}
      {(message || help || remaining !== null) && (
        <div className={styles.below}>
          <div className={styles.messages}>
            {message && (
              <p id={ids.error} className={styles.error}>
                {message}
              </p>
            )}
            {help && (
              <p id={ids.help} className={styles.help}>
                {help}
              </p>
            )}
          </div>
          {remaining !== null && (
            <p id={ids.count} className={cx(styles.count, warn && styles.countWarning)}>
              {`${remaining} ${plural(remaining, 'character')} left`}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
