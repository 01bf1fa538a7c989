import { describe, expect, it } from 'vitest';
import { idParam, idSchema, INPUT_MESSAGES, MAX_DB_ID, text } from './input-rules.ts';
import { listFormSchema, listPageQuerySchema } from './lists.ts';
import { createPlaceReviewSchema, reviewListQuerySchema } from './reviews.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('text(): what every database stores', () => {
  it('refuses NUL and unpaired surrogates, keeps pairs and the rest of zod string rules', () => {
    const name = text().trim().max(5);
    expect(messages(name.safeParse('a\u0000'))).toEqual([INPUT_MESSAGES.nul]);
    expect(messages(name.safeParse('a\ud800'))).toEqual([INPUT_MESSAGES.surrogate]);
    expect(messages(name.safeParse('b\udc00a'))).toEqual([INPUT_MESSAGES.surrogate]);
    expect(name.parse(' 😀☕ ')).toBe('😀☕');
    expect(name.safeParse('toolong').success).toBe(false);
  });

  it('is what the shared form and query schemas use (web forms refuse it too)', () => {
    expect(messages(listFormSchema.safeParse({ name: 'a\u0000' }))).toEqual([INPUT_MESSAGES.nul]);
    expect(messages(listPageQuerySchema.safeParse({ search: '\u0000' }))).toEqual([
      INPUT_MESSAGES.nul,
    ]);
    expect(messages(reviewListQuerySchema.safeParse({ type: '\u0000' }))).toEqual([
      INPUT_MESSAGES.nul,
    ]);
  });
});

describe('ids: 1..2147483647 (PostgreSQL integer)', () => {
  it('idSchema takes a number or its decimal string within range, nothing else', () => {
    const id = idSchema();
    expect(id.parse(1)).toBe(1);
    expect(id.parse(String(MAX_DB_ID))).toBe(MAX_DB_ID);
    for (const bad of [
      0,
      -1,
      1.5,
      MAX_DB_ID + 1,
      2 ** 53,
      '99999999999',
      '1e3',
      ' 1',
      '',
      true,
      null,
    ]) {
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('idParam reads a path segment', () => {
    expect(idParam.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '2147483648', 'abc', '1.0', '']) {
      expect(idParam.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('list_id of create-place-review is one of them', () => {
    const result = createPlaceReviewSchema.safeParse({ place: { id: 'x' }, list_id: 99999999999 });
    expect(result.success).toBe(false);
  });
});
