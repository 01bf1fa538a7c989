import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Spinner } from '@/components/Spinner.tsx';
import { cx } from '@/lib/cx.ts';
import styles from './combobox.module.css';

export interface ComboboxProps<T> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  placeholder?: string;
  /** Shown in the input while results load. */
  busy?: boolean;
  /** Shown in the popup instead of options ('No places found', an error …). */
  notice?: ReactNode;
  /** Text under the field. */
  help?: ReactNode;
  /** Extra content under the field, e.g. what a pasted link resolved to. */
  children?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

/**
 * An autocomplete following the WAI-ARIA combobox pattern: an input with a listbox
 * popup; ↓/↑ move through the options, Enter picks, Escape closes (then clears),
 * and the active option is announced through aria-activedescendant.
 */
export function Combobox<T>({
  label,
  value,
  onValueChange,
  options,
  optionKey,
  renderOption,
  onSelect,
  placeholder,
  busy = false,
  notice,
  help,
  children,
  inputRef,
  autoFocus,
}: ComboboxProps<T>) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const helpId = `${id}-help`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hasText = value.trim().length > 0;
  const showPopup = open && hasText && (options.length > 0 || Boolean(notice));
  const activeIndex = active < options.length ? active : -1;

  function pick(option: T) {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const last = options.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown'
          ? current < last
            ? current + 1
            : 0
          : current > 0
            ? current - 1
            : last,
      );
    } else if (event.key === 'Enter') {
      const option = options[activeIndex >= 0 ? activeIndex : 0];
      if (showPopup && option) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape') {
      if (showPopup) setOpen(false);
      else onValueChange('');
      setActive(-1);
    }
  }

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.anchor}>
        <Search className={styles.searchIcon} size={18} aria-hidden="true" />
        <input
          id={id}
          ref={inputRef}
          className={styles.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showPopup}
          aria-controls={listboxId}
          aria-activedescendant={
            showPopup && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined
          }
          aria-describedby={help ? helpId : undefined}
          aria-busy={busy || undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {busy && (
          <span className={styles.busy}>
            <Spinner size={18} />
          </span>
        )}
        <ul
          id={listboxId}
          role="listbox"
          aria-label={label}
          className={cx(styles.popup, !showPopup && styles.hidden)}
        >
          {showPopup &&
            options.map((option, index) => (
              <li
                key={optionKey(option)}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={cx(styles.option, index === activeIndex && styles.active)}
                // Keep focus in the input: the click picks, the blur would close first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => pick(option)}
              >
                {renderOption(option)}
              </li>
            ))}
          {showPopup && options.length === 0 && notice && (
            <li className={styles.notice} role="presentation">
              {notice}
            </li>
          )}
        </ul>
      </div>
      {help && (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      )}
      {children}
    </div>
  );
}
