import { describe, expect, it } from 'vitest';
import { checkLandmarks, loadLandmarkFiles } from '../../../scripts/check-landmarks.ts';

describe('curated landmarks (server/data/landmarks)', () => {
  it('has no problems: known types, fields, no duplicates, within 30 km of the city', () => {
    expect(checkLandmarks()).toEqual([]);
  });

  it('holds at least 1,500 entries', () => {
    const total = loadLandmarkFiles().reduce((n, file) => n + file.entries.length, 0);
    expect(total).toBeGreaterThanOrEqual(1500);
  });
});
