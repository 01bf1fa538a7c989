import { readFileSync } from 'node:fs';
import { BRAND_COLORS } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { brandTokensCss } from './brand-tokens.ts';

const [lightCss, darkCss] = brandTokensCss().split('@media (prefers-color-scheme: dark)');
const tokensCss = readFileSync(new URL('../src/styles/tokens.css', import.meta.url), 'utf8');

describe('brand tokens', () => {
  it('declare every brand colour of each theme as its --color-* variable', () => {
    expect(lightCss).toContain('--color-primary: #0f5e63;');
    expect(lightCss).toContain('--color-primary-soft: #dcefee;');
    expect(darkCss).toContain('--color-on-primary: #06292a;');
    for (const [theme, css] of [
      ['light', lightCss!],
      ['dark', darkCss!],
    ] as const) {
      expect(css.match(/--color-/g)).toHaveLength(Object.keys(BRAND_COLORS[theme]).length);
    }
  });

  it('are not declared a second time in tokens.css', () => {
    for (const name of [
      'primary',
      'primary-soft',
      'on-primary',
      'visited',
      'star',
      'surface',
      'text',
    ]) {
      expect(tokensCss).not.toMatch(new RegExp(`--color-${name}:`));
    }
    // the hover shades beside them stay in tokens.css
    expect(tokensCss).toMatch(/--color-primary-hover: #/);
  });
});
