import { Search } from 'lucide-react';
import { useDebouncedSearch } from '@/lib/use-debounced-search.ts';
import styles from './home-lists.module.css';

export interface ListSearchProps {
  id: string;
  value: string;
  onSearch: (text: string) => void;
}

/**
 * The side column's search box (spec §2), filtering My Lists and Followed Lists; the
 * search goes to the URL once typing pauses, as My Spots' does (useDebouncedSearch).
 */
export function ListSearch({ id, value, onSearch }: ListSearchProps) {
  const [text, setText] = useDebouncedSearch(value, onSearch);

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
