import { lowerBound } from '../../../lib/lower-bound.ts';

/**
 * A Float64Array that grows: node ids and coordinates of millions of way nodes take
 * 8 bytes each here, where a JS array or Set of numbers costs several times that.
 */
export class GrowableFloat64 {
  private data = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index]!;
  }

  /** The values sorted and without repeats, as a tight array for binary search. */
  sortedUnique(): Float64Array {
    const sorted = this.data.slice(0, this.length).sort();
    let kept = 0;
    for (let i = 0; i < sorted.length; i++) {
      if (i === 0 || sorted[i] !== sorted[kept - 1]) sorted[kept++] = sorted[i]!;
    }
    return sorted.slice(0, kept);
  }
}

/** Index of `value` in a sorted array, or -1. */
export function binarySearch(sorted: Float64Array, value: number): number {
  const at = lowerBound(sorted.length, (i) => sorted[i]! < value);
  return sorted[at] === value ? at : -1;
}
