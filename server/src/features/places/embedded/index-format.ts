/**
 * Bump with any change to the tables below or to what goes into them (3: city
 * nicknames; 4: rows from OpenStreetMap extracts): the file name carries it
 * (places-index-v4), so the index is rebuilt.
 */
export const PLACES_INDEX_FORMAT = 4;

/**
 * Rows loaded from OpenStreetMap extracts start at this rowid, after every built-in
 * row, so the built-in searches keep their rowid ranges and a rebuild of the built-in
 * rows can carry the loaded ones over (osm-extract/, docs/decisions/022-osm-extracts.md).
 */
export const FIRST_EXTRACT_POS = 1_000_000_000;
