import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The font the map labels use, named as the style's `text-font` names it. The files
 * are the design brief's Inter, from @fontsource-variable/inter (already bundled for the
 * web app), one per script subset, so a map of Paris downloads only the 48 KB Latin file.
 * See docs/decisions/003-offline-basemap.md for why fonts and not SDF glyph PBFs.
 */
export const MAP_FONT = 'Inter Regular';

const FONT_PACKAGE = '@fontsource-variable/inter';

export interface FontFile {
  file: string;
  unicodeRange: string[];
}

let cachedFiles: FontFile[] | undefined;

/** One entry per subset in the package's unicode.json: `{latin: "U+0000-00FF,…", …}`. */
export function fontFiles(): FontFile[] {
  if (!cachedFiles) {
    const ranges = JSON.parse(
      readFileSync(require.resolve(`${FONT_PACKAGE}/unicode.json`), 'utf8'),
    ) as Record<string, string>;
    cachedFiles = Object.entries(ranges).map(([subset, range]) => ({
      file: `inter-${subset}-wght-normal.woff2`,
      unicodeRange: range.split(',').map((r) => r.trim()),
    }));
  }
  return cachedFiles;
}

export function fontVersion(): string {
  return (require(`${FONT_PACKAGE}/package.json`) as { version: string }).version;
}

/** Reads one of the files listed by fontFiles(); routes never pass a name from a request. */
export async function readFontFile(name: string): Promise<Buffer> {
  const dir = path.dirname(require.resolve(`${FONT_PACKAGE}/package.json`));
  return readFile(path.join(dir, 'files', name));
}
