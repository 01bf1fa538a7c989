import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '@/lib/cx.ts';
import styles from './field.module.css';
import { FieldFrame, useFieldIds, type FieldChromeProps } from './FieldFrame.tsx';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value'>, FieldChromeProps {
  value: string;
  /** A control inside the field's right edge (e.g. the password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled single-line input. `maxLength` makes the browser stop accepting characters
 * past the limit (spec §5); `showRemaining` adds the remaining-count indicator.
 */
export function TextField({
  label,
  help,
  error,
  showRemaining,
  warnAtRemaining,
  trailing,
  id,
  className,
  value,
  maxLength,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame
      ids={ids}
      label={label}
      help={help}
      error={error}
      showRemaining={showRemaining}
      warnAtRemaining={warnAtRemaining}
      length={value.length}
      maxLength={maxLength}
    >
      {({ describedBy, invalid }) => (
        <div className={cx(styles.control, trailing !== undefined && styles.withTrailing)}>
          <input
            id={ids.id}
            className={cx(styles.input, className)}
            value={value}
            maxLength={maxLength}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...inputProps}
          />
          {trailing !== undefined && <div className={styles.trailing}>{trailing}</div>}
        </div>
      )}
    </FieldFrame>
  );
}
