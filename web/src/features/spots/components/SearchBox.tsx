import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import styles from './gallery-controls.module.css';

/** Long enough to let a word be typed, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses; `first` is true when a search starts from nothing. */
  onSearch: (query: string, first: boolean) => void;
}

/**
 * The My Spots search. It keeps what is typed locally and reports it after a pause, so
 * the URL (and the request) follow the words, not every key. A change of the URL from
 * outside (back, forward, Clear filters) is taken over unless it is our own echo.
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const query = text.trim();
    if (query === reported.current) return;
    const timer = window.setTimeout(() => {
      const first = reported.current === '';
      reported.current = query;
      onSearchRef.current(query, first);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <div className={styles.search}>
      <label htmlFor={id} className="visually-hidden">
        Search my spots
      </label>
      <Search size={18} className={styles.searchIcon} aria-hidden="true" />
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder="Search my spots"
        value={text}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
      {text && (
        <button
          type="button"
          className={styles.clearSearch}
          aria-label="Clear search"
          title="Clear search"
          onClick={() => setText('')}
        >
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
