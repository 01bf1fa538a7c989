import { strToU8, zipSync } from 'fflate';

/** One row of a Takeout list CSV (`Title,Note,URL`). */
export interface TakeoutRow {
  title: string;
  note?: string;
  url: string;
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A list CSV as Takeout writes it: a header, an empty second line, then the places. */
export function takeoutListCsv(rows: readonly TakeoutRow[]): string {
  const lines = rows.map((row) => [row.title, row.note ?? '', row.url].map(csvField).join(','));
  return ['Title,Note,URL', ',,', ...lines].join('\n') + '\n';
}

/** A place page link with no coordinates: only a name and Google's own id. */
export function nameOnlyUrl(name: string, hex: string): string {
  return `https://www.google.com/maps/place/${encodeURIComponent(name).replaceAll('%20', '+')}/data=!4m2!3m1!1s0x47e66e2964e34e2d:0x${hex}`;
}

export function pointUrl(name: string, lat: number, lng: number): string {
  return `https://www.google.com/maps/place/${encodeURIComponent(name).replaceAll('%20', '+')}/@${lat},${lng},17z`;
}

/**
 * A Google Takeout archive laid out as Google does (Takeout/Saved/<list>.csv), one CSV per
 * list, plus `padding` bytes of an entry the importer must leave packed (a big photo),
 * so the upload takes long enough to watch its bar.
 */
export function takeoutZip(lists: Record<string, readonly TakeoutRow[]>, padding = 0): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, rows] of Object.entries(lists)) {
    files[`Takeout/Saved/${name}.csv`] = strToU8(takeoutListCsv(rows));
  }
  if (padding > 0) {
    // Not compressible, so the archive really is this big; deterministic, so runs compare.
    // Math.imul: a plain `*` of two 32-bit numbers loses the low bits in a double, the
    // sequence collapses and the "noise" zipped to 18 KB.
    const noise = new Uint8Array(padding);
    let seed = 12345;
    for (let i = 0; i < padding; i += 1) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      noise[i] = seed >>> 24;
    }
    files['Takeout/Maps/Photos/IMG_0001.jpg'] = noise;
  }
  return zipSync(files, { level: 6 });
}
