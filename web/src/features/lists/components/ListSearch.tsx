import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import styles from './home-lists.module.css';

/** Typing settles for this long before the lists are asked again. */
const SEARCH_DELAY_MS = 250;

export interface ListSearchProps {
  id: string;
  value: string;
  onSearch: (text: string) => void;
}

/** The side column's search box (spec §2), filtering My Lists and Followed Lists. */
export function ListSearch({ id, value, onSearch }: ListSearchProps) {
  const [text, setText] = useState(value);

  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className={styles.search} role="search">
      <label htmlFor={id} className="visually-hidden">
        Search lists
      </label>
      <Search size={18} className={styles.searchIcon} aria-hidden="true" />
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder="Search by Name and Description"
        value={text}
        maxLength={200}
        autoFocus
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
