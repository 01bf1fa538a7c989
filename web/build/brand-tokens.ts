// Relative, not @spotbook/contract: Vite bundles the config's own files but loads packages
// with Node, which cannot run the contract's TypeScript.
import { BRAND_COLORS } from '../../contract/src/brand.ts';
import type { Plugin } from 'vite';

/** What the app imports (main.tsx) to get the brand colours as CSS variables. */
const PUBLIC_ID = 'virtual:brand-tokens.css';
/** Ends in .css, so Vite's CSS pipeline bundles it like any stylesheet. */
const RESOLVED_ID = '/__brand-tokens.css';

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (colors: Record<string, string>) =>
  Object.entries(colors)
    .map(([name, hex]) => `  --color-${kebab(name)}: ${hex};`)
    .join('\n');

/**
 * The brand colours as `--color-*` variables for both themes, written from the one
 * definition in contract/src/brand.ts that the server's pictures also paint with, so
 * the web's tokens and the map pictures cannot drift apart. tokens.css holds the rest.
 */
export function brandTokensCss(): string {
  return (
    `:root {\n${declarations(BRAND_COLORS.light)}\n}\n` +
    `@media (prefers-color-scheme: dark) {\n  :root {\n${declarations(BRAND_COLORS.dark).replace(/^/gm, '  ')}\n  }\n}\n`
  );
}

export function brandTokens(): Plugin {
  return {
    name: 'spotbook-brand-tokens',
    resolveId: (id) => (id === PUBLIC_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? brandTokensCss() : undefined),
  };
}
