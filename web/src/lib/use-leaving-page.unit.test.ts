import { describe, expect, it } from 'vitest';
import { asBrowserSpellsIt } from './use-leaving-page.ts';

describe('asBrowserSpellsIt', () => {
  it("spells a path the router was given raw as the browser's URL does", () => {
    expect(asBrowserSpellsIt('/lists/zoë-cafés?added=3')).toBe(
      '/lists/zo%C3%AB-caf%C3%A9s?added=3',
    );
    expect(asBrowserSpellsIt('/newSpot?list=3&q=a b')).toBe('/newSpot?list=3&q=a%20b');
  });

  it('leaves a path already encoded, and a plain one, as they are', () => {
    expect(asBrowserSpellsIt('/lists/zo%C3%AB-caf%C3%A9s')).toBe('/lists/zo%C3%AB-caf%C3%A9s');
    expect(asBrowserSpellsIt('/lists/3?added=12')).toBe('/lists/3?added=12');
    expect(asBrowserSpellsIt('/')).toBe('/');
  });
});
