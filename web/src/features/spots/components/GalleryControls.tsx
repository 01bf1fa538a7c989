import {
  titleCaseType,
  type Metadata,
  type ReviewSort,
  type VisitedFilter,
} from '@spotbook/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { FilterSelect, type FilterOption } from '@/components/FilterSelect.tsx';
import { cx } from '@/lib/cx.ts';
import { activeFilterCount, isUnfiltered, type GalleryParams } from '../lib/gallery-params.ts';
import type { UpdateOptions } from '../lib/use-gallery-params.ts';
import { SearchBox } from './SearchBox.tsx';
import styles from './gallery-controls.module.css';

const SORT_OPTIONS: ReadonlyArray<FilterOption & { value: ReviewSort }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'highest_rating', label: 'Highest rating' },
  { value: 'lowest_rating', label: 'Lowest rating' },
];

const VISITED_OPTIONS: ReadonlyArray<FilterOption & { value: VisitedFilter }> = [
  { value: 'both', label: 'Both' },
  { value: 'true', label: 'Visited' },
  { value: 'false', label: 'Not visited' },
];

function choices(all: string, values: readonly string[], label = (v: string) => v) {
  return [{ value: '', label: all }, ...values.map((value) => ({ value, label: label(value) }))];
}

export interface GalleryControlsProps {
  params: GalleryParams;
  metadata: Metadata;
  update: (change: Partial<GalleryParams>, options?: UpdateOptions) => void;
  reset: () => void;
}

/**
 * Search, sort and the four filters of My Spots. On a phone the filters fold into a
 * disclosure under a 'Filters' button (with how many are set); from 720 px they sit
 * inline and the button is gone.
 */
export function GalleryControls({ params, metadata, update, reset }: GalleryControlsProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(params);

  return (
    <div className={styles.controls} role="search" aria-label="My Spots">
      <SearchBox value={params.q} onSearch={(q, first) => update({ q }, { replace: !first })} />
      <div className={styles.row}>
        <Button
          variant="secondary"
          size="sm"
          className={styles.filtersToggle}
          icon={<SlidersHorizontal size={16} aria-hidden="true" />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {active ? `Filters (${active})` : 'Filters'}
        </Button>
        <div className={styles.sort}>
          <FilterSelect
            label="Sort"
            value={params.sort}
            options={SORT_OPTIONS}
            onChange={(sort) => update({ sort: sort as ReviewSort })}
          />
        </div>
      </div>
      <div id={panelId} className={cx(styles.filters, open && styles.filtersOpen)}>
        <FilterSelect
          label="Type"
          value={params.type}
          options={choices('All types', metadata.types, titleCaseType)}
          onChange={(type) => update({ type })}
        />
        <FilterSelect
          label="City"
          value={params.city}
          options={choices('All cities', metadata.cities)}
          onChange={(city) => update({ city })}
        />
        <FilterSelect
          label="Country"
          value={params.country}
          options={choices('All countries', metadata.countries)}
          onChange={(country) => update({ country })}
        />
        <FilterSelect
          label="Visited"
          value={params.visited}
          options={VISITED_OPTIONS}
          onChange={(visited) => update({ visited: visited as VisitedFilter })}
        />
        {!isUnfiltered(params) && (
          <Button variant="quiet" size="sm" className={styles.clearAll} onClick={reset}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
