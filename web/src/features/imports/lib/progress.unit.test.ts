import { describe, expect, it } from 'vitest';
import { announcedStep, isWorking, percent, progressText } from './progress.ts';

describe('import progress', () => {
  it('polls only while the server reads or matches', () => {
    expect(
      ['parsing', 'matching', 'ready', 'done', 'failed'].map((s) => isWorking(s as never)),
    ).toEqual([true, true, false, false, false]);
  });

  it('gives whole percentages, 0 for an unknown total, never above 100', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 0)).toBe(0);
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(66);
    expect(percent(3, 3)).toBe(100);
    expect(percent(7, 3)).toBe(100);
    expect(percent(Number.NaN, 3)).toBe(0);
  });

  it('announces every tenth, not every row', () => {
    expect([0, 9, 10, 19, 55, 100].map(announcedStep)).toEqual([0, 0, 10, 10, 50, 100]);
  });

  it('says what is happening', () => {
    expect(progressText({ status: 'parsing', progress: { done: 0, total: 0 } })).toBe(
      'Reading the file…',
    );
    expect(progressText({ status: 'matching', progress: { done: 1204, total: 5000 } })).toBe(
      'Matching places: 1,204 of 5,000',
    );
  });
});
