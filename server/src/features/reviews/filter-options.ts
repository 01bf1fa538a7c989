import { deflatedText, type Deflated } from '../../lib/gzip-blocks.ts';
import { lowerBound } from '../../lib/lower-bound.ts';

/** zlib's level for the kept filter options (see FilterValues.deflated). */
const FILTER_OPTIONS_LEVEL = 1;

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The options' order: human (accents and case aside), sorted here, not in SQL, so both
 * databases give the same; values equal to the collator ("Paris", "paris") by code unit,
 * so the order never depends on the order values were found in.
 */
const compare = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * One filter's options ("cities") in answer order, and their part of the metadata answer
 * (`,"cities":[…]`), as text and, once asked for, deflated on its own: a write that adds a
 * city re-sorts nothing (its value is merged in) and recompresses the cities alone.
 */
export class FilterValues {
  #deflated?: Deflated;

  private constructor(
    /** the answer's key, and the comma before it unless it comes first */
    readonly key: string,
    readonly sorted: readonly string[],
    readonly json: string,
  ) {}

  /** `values` (distinct, in any order) as the options named `name`. */
  static of(name: string, values: string[], first: boolean): FilterValues {
    const key = `${first ? '' : ','}"${name}":`;
    const sorted = [...values].sort(compare);
    return new FilterValues(key, sorted, key + JSON.stringify(sorted));
  }

  /**
   * A binary search of the sorted options (`compare` is a total order), not a Set: a Set of
   * a 100,000-spot user's ~5,000 cities is a 160 KB table made again on every write that
   * changes them, for the few values a write looks up.
   */
  has(value: string): boolean {
    const at = lowerBound(this.sorted.length, (i) => compare(this.sorted[i]!, value) < 0);
    return at < this.sorted.length && compare(this.sorted[at]!, value) === 0;
  }

  /** These options with `added` (not yet among them) in, and `gone` out; this one if neither. */
  changed(added: readonly string[], gone: readonly string[]): FilterValues {
    if (!added.length && !gone.length) return this;
    const leaving = new Set(gone);
    const kept = this.sorted.filter((value) => !leaving.has(value));
    const sorted = mergeSorted(kept, [...new Set(added)].sort(compare));
    return new FilterValues(this.key, sorted, this.key + JSON.stringify(sorted));
  }

  /**
   * `json`, deflated once (lib/gzip-blocks.ts), a part of a gzipped answer. A write that
   * adds a city deflates a 10,000-spot user's ~50 KB of cities again on the event loop:
   * 0.8-0.9 ms at level 1 against 2.0-2.1 ms at zlib's default (6), for 10 % more bytes
   * (24.8 against 22.5 KB; decision 023, "Filter options deflated at level 1").
   */
  get deflated(): Deflated {
    return (this.#deflated ??= deflatedText(this.json, { level: FILTER_OPTIONS_LEVEL }));
  }
}

/** Two sorted arrays as one, in one pass. */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const merged: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && compare(a[i]!, b[j]!) <= 0)) merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return merged;
}
