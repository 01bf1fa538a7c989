import type { Generated, GeneratedAlways } from 'kysely';

/**
 * Table types for the one typed query layer (Kysely) over SQLite and PostgreSQL.
 *
 * Conventions, identical on both databases so repositories never branch on dialect:
 * - timestamps are epoch milliseconds (`bigint` on PostgreSQL, parsed back to number);
 * - booleans are integers 0/1 (presenters turn them into true/false);
 * - `*_norm` columns hold lower-cased, accent-stripped text (see lib/text.ts) for
 *   case- and accent-insensitive search and uniqueness.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_norm: string;
  email: string;
  email_norm: string;
  password_hash: string;
  created_at: number;
  password_changed_at: number;
}

export interface SessionsTable {
  /** sha256 of the cookie's token, so a leaked table can't be replayed */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface PasswordResetTokensTable {
  /** sha256 of the mailed token */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Fixed-window counters for throttling, shared by every app server (migration 005):
 * attempts counted in the window that ends at `expires_at`.
 */
export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: number;
}

/**
 * One row per place id, whatever the provider: `gn:` GeoNames city, `lm:` curated
 * landmark, `ap:` airport, `osm:`, `g:` Google, `custom:` a user's own pin.
 * Provider places are written once from the provider, never from a client payload.
 */
export interface PlacesTable {
  id: string;
  provider: string;
  display_name: string;
  formatted_address: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  primary_type: string;
  website_uri: string;
  google_maps_uri: string;
  editorial_summary: string;
  /** provider photo reference or URL on the provider's own image host ('' = none) */
  photo_ref: string;
  /** path of the cached copy served by us ('' = not cached yet) */
  cached_preview_image: string;
  /** set only for custom places: the user who dropped the pin */
  owner_id: number | null;
  created_at: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  user_id: number;
  place_id: string;
  review: string;
  rating: number;
  visited: number;
  created_at: number;
  updated_at: number;
  /** copies of the place's fields so the gallery filters and sorts on one table */
  place_name: string;
  place_type: string;
  place_city: string;
  place_country: string;
  /** normalised place name + address + city + review text, for search */
  search_norm: string;
  /** bit n set when a word of search_norm begins with letter n of a–z (migration 014) */
  initials: GeneratedAlways<number>;
}

/** Per-user spot counters, kept by triggers (migration 002) for the gallery's counts. */
export interface SpotCountsTable {
  user_id: number;
  total: number;
  visited: number;
  /** bumped by triggers on every write of the user's spots (migration 004): gallery cache key */
  version: Generated<number>;
}

/**
 * How many of a user's spots have a word beginning with each word prefix of one to twelve
 * letters, kept by triggers (PostgreSQL: migrations 011, 012; SQLite: 013).
 */
export interface SearchPrefixCountsTable {
  user_id: number;
  prefix: string;
  spots: number;
  /** The visited spots among `spots` (migrations 012, 013). */
  visited: Generated<number>;
}

/** Which spots each gallery version changed, and their columns before (migration 008). */
export interface GalleryChangesTable {
  user_id: number;
  version: number;
  spot_id: number;
  old_rating: number | null;
  old_visited: number | null;
  old_type: string | null;
  old_city: string | null;
  old_country: string | null;
}

export interface ListsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  shareable_by_link: number;
  slug: string;
  created_at: number;
  updated_at: number;
  /** normalised name + description, for search (migration 003) */
  search_norm: Generated<string>;
  /** bumped by triggers on every write that changes the list's answer (migration 009) */
  version: Generated<number>;
}

/** Every slug a list has had, so renamed lists keep answering on old links. */
export interface ListSlugsTable {
  slug: string;
  list_id: number;
}

export interface ListReviewsTable {
  id: Generated<number>;
  list_id: number;
  review_id: number;
  notes: string;
  added_at: number;
}

export interface SavedListsTable {
  id: Generated<number>;
  user_id: number;
  list_id: number;
  created_at: number;
}

/**
 * A spot's own photos (migration 007), stored in the database so every app server reads
 * them: the re-encoded large version and thumbnail (WebP), never the uploaded bytes.
 */
export interface PhotosTable {
  id: Generated<number>;
  review_id: number;
  /** the spot's author, for the account quota (and account deletion) */
  user_id: number;
  /** order on the spot, lowest first: the first photo is the cover */
  position: number;
  /** the large version's size in pixels */
  width: number;
  height: number;
  /** large + thumb bytes, counted against the account quota */
  bytes: number;
  large: Buffer;
  thumb: Buffer;
  /** digest of the stored bytes; the variants' ETags are made from it */
  etag: string;
  created_at: number;
}

/** An import job (migration 006, docs/decisions/018-import.md); its rows are import_rows. */
export interface ImportsTable {
  id: Generated<number>;
  user_id: number;
  /** the uploaded file's name */
  source: string;
  /** the reader's ImportFormat */
  format: string;
  /** IMPORT_STATUSES */
  status: string;
  detail: string | null;
  done: number;
  total: number;
  /** epoch ms until which one server's matcher holds the job */
  lease_until: number;
  attempts: number;
  /** the confirm's ImportSummary as JSON, once confirmed */
  summary: string | null;
  created_at: number;
  updated_at: number;
}

export interface ImportRowsTable {
  import_id: number;
  idx: number;
  name: string;
  list_name: string | null;
  note: string;
  note_truncated: number;
  lat: number | null;
  lng: number | null;
  source_url: string;
  address: string;
  category: string | null;
  rating: number | null;
  visited: number | null;
  file_place_id: string | null;
  problem: string | null;
  matched: number;
  match_place_id: string | null;
  match_json: string | null;
  candidates_json: string;
  new_custom_json: string | null;
  /** IMPORT_DECISIONS */
  decision: string;
}

/**
 * A big list's built answer, shared by every app process (migration 017; the same columns
 * as `list_answers` of migrations 015 and 016, which earlier releases keep, plus `format`).
 */
export interface StoredListAnswersTable {
  list_id: number;
  /** the `lists.version` it was built at (its data may be newer, never older) */
  version: number;
  gzipped: Buffer;
  /** its blocks' layout, to patch it from; null when stored without */
  layout: string | null;
  /** the release's answer format it was built in (list-answer-format.ts) */
  format: string;
}

/** Which spot moved a list's version (migration 016): a list answer is patched from it. */
export interface ListSpotChangesTable {
  list_id: number;
  version: number;
  spot_id: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  places: PlacesTable;
  reviews: ReviewsTable;
  spot_counts: SpotCountsTable;
  search_prefix_counts: SearchPrefixCountsTable;
  gallery_changes: GalleryChangesTable;
  lists: ListsTable;
  list_slugs: ListSlugsTable;
  list_reviews: ListReviewsTable;
  saved_lists: SavedListsTable;
  /** migration 017; `list_answers` (015) is left to servers of earlier releases */
  stored_list_answers: StoredListAnswersTable;
  list_spot_changes: ListSpotChangesTable;
  photos: PhotosTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
}
