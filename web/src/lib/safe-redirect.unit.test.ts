import { describe, expect, it } from 'vitest';
import { afterAuthPath, isSafeListId } from './safe-redirect.ts';

describe('afterAuthPath', () => {
  it('goes home without a list id', () => {
    expect(afterAuthPath(null)).toBe('/');
    expect(afterAuthPath(undefined)).toBe('/');
    expect(afterAuthPath('')).toBe('/');
  });

  it('goes to the list for numeric ids and slugs', () => {
    expect(afterAuthPath('42')).toBe('/lists/42');
    expect(afterAuthPath('alice-coffee-shops')).toBe('/lists/alice-coffee-shops');
    expect(afterAuthPath('bob.smith-best_bars-2')).toBe('/lists/bob.smith-best_bars-2');
  });

  it('encodes non-Latin slugs', () => {
    expect(afterAuthPath('josé-cafés')).toBe('/lists/jos%C3%A9-caf%C3%A9s');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'evil.example/path',
    '../admin',
    '..',
    '.',
    'javascript:alert(1)',
    '42?x=1',
    '42#top',
    '%2F%2Fevil',
    'a b',
    'x'.repeat(201),
  ])('refuses %s', (listId) => {
    expect(isSafeListId(listId)).toBe(false);
    expect(afterAuthPath(listId)).toBe('/');
  });
});
