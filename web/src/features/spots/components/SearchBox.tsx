import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useDebouncedSearch } from '@/lib/use-debounced-search.ts';
import styles from './gallery-controls.module.css';

export interface SearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses; `first` is true when a search starts from nothing. */
  onSearch: (query: string, first: boolean) => void;
}

/** The My Spots search, reported to the URL once typing pauses (useDebouncedSearch). */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useDebouncedSearch(value, onSearch);

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
