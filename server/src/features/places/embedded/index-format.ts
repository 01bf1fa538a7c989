/**
 * Bump with any change to the tables below or to what goes into them (3: city
 * nicknames; 4: rows from OpenStreetMap extracts; 5: extract rows searched through
 * their own cell-prefixed words in `extract_fts`): the file name carries it
 * (places-index-v5), so the index is rebuilt.
 */
export const PLACES_INDEX_FORMAT = 5;

/**
 * Formats whose `places` rows of extracts have today's columns: a rebuild copies
 * them from such a file (and derives their search text again) rather than asking
 * the deployer to load the extracts again.
 */
export const EXTRACT_ROW_FORMATS = [4, 5];

/**
 * Rows loaded from OpenStreetMap extracts start at this rowid, after every built-in
 * row, so the built-in searches keep their rowid ranges and a rebuild of the built-in
 * rows can carry the loaded ones over (osm-extract/, docs/decisions/022-osm-extracts.md).
 */
export const FIRST_EXTRACT_POS = 1_000_000_000;

/** 'places-index-v5.sqlite': the index file of a format, in DATA_DIR. */
export function indexFileName(format = PLACES_INDEX_FORMAT): string {
  return `places-index-v${format}.sqlite`;
}
