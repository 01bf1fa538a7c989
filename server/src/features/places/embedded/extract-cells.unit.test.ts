import { describe, expect, it } from 'vitest';
import {
  cellMatchExpression,
  coarseCellsAround,
  extractCellWords,
  FINE_CELL_DEGREES,
  fineCellsNearestFirst,
} from './extract-cells.ts';

const PARIS = { lat: 48.8566, lng: 2.3522 };
/** The cell part of a token: a grid letter and ten digits. */
const cellOf = (token: string) => token.slice(0, 11);
const cellsOfPoint = (lat: number, lng: number) =>
  extractCellWords(lat, lng, ['x']).split(' ').map(cellOf);

describe('extract cell words', () => {
  it('prefixes every word once with the coarse and the fine cell, fixed width', () => {
    const tokens = extractCellWords(PARIS.lat, PARIS.lng, ['cafe', 'charlot', 'cafe', '']).split(
      ' ',
    );
    expect(tokens).toHaveLength(4);
    for (const token of tokens) expect(token).toMatch(/^[cf]\d{10}(cafe|charlot)$/);
    const [coarse, fine] = cellsOfPoint(PARIS.lat, PARIS.lng);
    expect(tokens).toEqual([`${coarse}cafe`, `${fine}cafe`, `${coarse}charlot`, `${fine}charlot`]);
  });

  it('matches every query word as a prefix within one cell, quoted', () => {
    expect(cellMatchExpression('f0123401234', ['le', 'caf'])).toBe(
      '"f0123401234le"* "f0123401234caf"*',
    );
    expect(cellMatchExpression('c0000000000', Array(12).fill('a')).split(' ')).toHaveLength(8);
  });
});

describe('extract cells of the search box', () => {
  it('reads the fine cells nearest first, the point’s own cell first, and covers the box', () => {
    const fine = fineCellsNearestFirst(PARIS);
    const coarse = coarseCellsAround(PARIS);
    expect(fine.length).toBeLessThanOrEqual(17 * 17);
    expect(coarse.length).toBeLessThanOrEqual(4);
    expect(fine[0]).toBe(cellsOfPoint(PARIS.lat, PARIS.lng)[1]);
    // The next nearest are the neighbours, before any cell two steps away.
    const neighbour = cellsOfPoint(PARIS.lat + FINE_CELL_DEGREES, PARIS.lng)[1]!;
    const twoAway = cellsOfPoint(PARIS.lat + 2 * FINE_CELL_DEGREES, PARIS.lng)[1]!;
    expect(fine.indexOf(neighbour)).toBeLessThan(9);
    expect(fine.indexOf(twoAway)).toBeGreaterThan(fine.indexOf(neighbour));
    for (const [dLat, dLng] of [
      [-0.15, -0.15],
      [0.15, 0.15],
      [0.149, -0.149],
      [0.07, 0.01],
    ]) {
      const [coarseCell, fineCell] = cellsOfPoint(PARIS.lat + dLat!, PARIS.lng + dLng!);
      expect(coarse).toContain(coarseCell);
      expect(fine).toContain(fineCell);
    }
  });

  it('wraps around the antimeridian and stays on the map at the poles', () => {
    const near = { lat: -17.8, lng: 179.95 };
    const [coarseAcross, fineAcross] = cellsOfPoint(-17.8, -179.95);
    expect(coarseCellsAround(near)).toContain(coarseAcross);
    expect(fineCellsNearestFirst(near)).toContain(fineAcross);
    for (const cell of [
      ...fineCellsNearestFirst({ lat: 89.95, lng: 0 }),
      ...coarseCellsAround({ lat: -89.95, lng: 0 }),
    ]) {
      expect(cell).toMatch(/^[cf]\d{10}$/);
    }
  });
});
