import { Search } from 'lucide-react';
import { plural } from '@spotbook/contract';
import { useCombobox } from 'downshift';
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Spinner } from '@/components/Spinner.tsx';
import { cx } from '@/lib/cx.ts';
import styles from './combobox.module.css';

const { InputChange, InputClick, InputKeyDownEscape, InputKeyDownEnter, ItemClick } =
  useCombobox.stateChangeTypes;

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
 * An autocomplete following the WAI-ARIA combobox pattern (downshift's useCombobox): an
 * input with a listbox popup; ↓/↑ move through the options and keep the active one in
 * view, Enter picks (the first option when none is active), Escape closes (then clears).
 * The number of options is announced politely as they arrive.
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
  const helpId = `${useId()}-help`;
  const [open, setOpen] = useState(false);
  const hasText = value.trim().length > 0;
  const showPopup = open && hasText && (options.length > 0 || Boolean(notice));
  const { getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<T>({
      items: options as T[],
      // The caller owns the text and decides what picking does to it.
      itemToString: () => value,
      itemToKey: (option) => (option === null ? null : optionKey(option)),
      inputValue: value,
      selectedItem: null,
      isOpen: showPopup,
      onIsOpenChange: ({ isOpen }) => setOpen(Boolean(isOpen)),
      // A click in the field places the caret; it doesn't toggle the popup.
      stateReducer: (state, { type, changes }) =>
        type === InputClick
          ? { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex }
          : changes,
      onInputValueChange: ({ type, inputValue }) => {
        if (type === InputChange || type === InputKeyDownEscape) onValueChange(inputValue ?? '');
      },
      // Only a click or Enter picks: leaving the field (Tab, a click elsewhere) just closes.
      onSelectedItemChange: ({ type, selectedItem }) => {
        if (selectedItem != null && (type === ItemClick || type === InputKeyDownEnter))
          onSelect(selectedItem);
      },
    });

  function pickFirstOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    const first = options[0];
    if (event.key !== 'Enter' || highlightedIndex >= 0 || !showPopup || !first) return;
    event.preventDefault();
    (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
    onSelect(first);
    setOpen(false);
  }

  const results = showPopup && options.length > 0 ? options.length : 0;
  return (
    <div className={styles.field}>
      <label className={styles.label} {...getLabelProps()}>
        {label}
      </label>
      <div className={styles.anchor}>
        <Search className={styles.searchIcon} size={18} aria-hidden="true" />
        <input
          className={styles.input}
          type="text"
          {...getInputProps({
            ref: inputRef,
            'aria-describedby': help ? helpId : undefined,
            'aria-busy': busy || undefined,
            autoCapitalize: 'off',
            spellCheck: false,
            autoFocus,
            placeholder,
            onFocus: () => setOpen(true),
            onBlur: () => setOpen(false),
            onKeyDown: pickFirstOnEnter,
          })}
        />
        {busy && (
          <span className={styles.busy}>
            <Spinner size={18} />
          </span>
        )}
        <ul
          className={cx(styles.popup, !showPopup && styles.hidden)}
          {...getMenuProps({ 'aria-label': label })}
        >
          {showPopup &&
            options.map((option, index) => (
              <li
                key={optionKey(option)}
                className={cx(styles.option, index === highlightedIndex && styles.active)}
                {...getItemProps({ item: option, index })}
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
        <p role="status" aria-live="polite" className="visually-hidden">
          {results > 0 && `${results} ${plural(results, 'result')}`}
        </p>
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
