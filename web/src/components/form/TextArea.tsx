import type { Ref, TextareaHTMLAttributes } from 'react';
import { cx } from '@/lib/cx.ts';
import styles from './field.module.css';
import { FieldFrame, useFieldIds, type FieldChromeProps } from './FieldFrame.tsx';

export interface TextAreaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'>, FieldChromeProps {
  value: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with the same help, error and remaining-count text as TextField. */
export function TextArea({
  label,
  help,
  error,
  showRemaining,
  warnAtRemaining,
  id,
  className,
  value,
  maxLength,
  rows = 4,
  ...textAreaProps
}: TextAreaProps) {
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
        <textarea
          id={ids.id}
          className={cx(styles.input, styles.textarea, className)}
          value={value}
          maxLength={maxLength}
          rows={rows}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...textAreaProps}
        />
      )}
    </FieldFrame>
  );
}
