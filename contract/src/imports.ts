import { z } from 'zod';
import { CUSTOM_PLACE_TYPES } from './custom-places.ts';
import { idSchema, text } from './input-rules.ts';
import { LIMITS } from './limits.ts';
import { photoSchema } from './photos.ts';
import { placeDetailsSchema } from './places.ts';

/** Runtime contract §7: what an import may hold. */
export const IMPORT_LIMITS = {
  fileBytes: 25 * 1024 * 1024,
  places: 10_000,
  /** an archive is read only up to this much unpacked */
  unpackedBytes: 200 * 1024 * 1024,
  /** a row with coordinates matches a provider place within this distance */
  matchRadiusMeters: 250,
  /** a note longer than a review is cut to the review's limit (with a warning) */
  noteChars: LIMITS.review,
} as const;

/** The 400 details and row problems of the import routes (runtime contract §7). */
export const IMPORT_MESSAGES = {
  noFile: 'Choose a file to import (multipart/form-data, field "file").',
  oneFileOnly: 'Send one file at a time.',
  emptyFile: 'The file is empty.',
  fileTooLarge: `The file is larger than ${IMPORT_LIMITS.fileBytes / (1024 * 1024)} MB; import at most ${IMPORT_LIMITS.fileBytes / (1024 * 1024)} MB at a time.`,
  malformedUpload: 'The upload could not be read; try again.',
  tooManyPlaces: (rows: number) =>
    `The file holds ${rows.toLocaleString('en-US')} places; import at most ${IMPORT_LIMITS.places.toLocaleString('en-US')} at a time.`,
  noPlaces: 'The file holds no places.',
  importNotFound: 'Unknown import.',
  rowNotFound: 'Unknown row.',
  unknownPlace: 'Unknown place.',
  stillMatching: 'The import is still being matched; wait until it is ready.',
  alreadyConfirmed: 'This import has already been confirmed.',
  failed: 'This import failed; delete it and import the file again.',
  chooseAPlace: 'Choose a place for this row first, or skip it.',
  /** an unfinished job whose server went away more than IMPORT_JOB.maxAttempts times */
  matchingStopped: 'Matching stopped unexpectedly. Delete this import and try again.',
  /** row problems */
  noNameOrLocation: 'This row has no name and no location.',
  notFound: 'No place of this name was found: search for it, drop a pin, or skip it.',
  choose: 'Several places could match: choose one, search, drop a pin, or skip it.',
  searchUnavailable: 'Place search was unavailable: search for it, drop a pin, or skip it.',
} as const;

/**
 * `match.id` of a row that becomes a new custom place (a pin at the row's coordinates) when
 * the import is confirmed: no provider place fits, and the pin is created only at confirm.
 */
export const IMPORT_NEW_CUSTOM_PLACE_ID = 'custom:new';

export const IMPORT_STATUSES = ['parsing', 'matching', 'ready', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_DECISIONS = ['create', 'skip'] as const;

export const importRowSchema = z.object({
  index: z.number(),
  name: z.string(),
  /** the Takeout list's or the KML folder's name; rows without one go on no list */
  list_name: z.string().nullable(),
  /** what becomes the spot's review, already cut to IMPORT_LIMITS.noteChars */
  note: z.string(),
  /** true when the file's note was longer and was cut */
  note_truncated: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  source_url: z.string(),
  /** what the file says, when it says it (our own exports do); null: the confirm's default */
  rating: z.number().nullable(),
  visited: z.boolean().nullable(),
  match: placeDetailsSchema.nullable(),
  candidates: z.array(placeDetailsSchema),
  existing_review_id: z.number().nullable(),
  /** that spot's cover photo (issue 13: covers wherever a spot appears), if it has one */
  existing_cover: photoSchema.nullable(),
  decision: z.enum(IMPORT_DECISIONS),
  /** why a row could not be read or matched, if so */
  problem: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importSchema = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  progress: z.object({ done: z.number(), total: z.number() }),
  /** the uploaded file's name */
  source: z.string(),
  /** set when status is `failed` */
  detail: z.string().nullable(),
  /** every row once matching is done; empty while `parsing` or `matching` (progress says how far) */
  rows: z.array(importRowSchema),
});
export type Import = z.infer<typeof importSchema>;

const CUSTOM_TYPES = CUSTOM_PLACE_TYPES.map((t) => t.type) as [string, ...string[]];

/** `PATCH /api/imports/{id}/rows/{index}/`: exactly one of the three. */
export const importRowPatchSchema = z.union([
  z.object({ place_id: text().trim().min(1).max(300) }).strict(),
  z
    .object({
      custom: z.object({
        name: text().trim().min(1).max(100),
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        category: z.enum(CUSTOM_TYPES),
      }),
    })
    .strict(),
  z.object({ decision: z.enum(IMPORT_DECISIONS) }).strict(),
]);
export type ImportRowPatch = z.infer<typeof importRowPatchSchema>;

export const importConfirmSchema = z.object({ visited: z.boolean().default(false) });

export const importSummarySchema = z.object({
  created: z.number(),
  already_had: z.number(),
  skipped: z.number(),
  lists: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** `GET /api/imports/`: the caller's recent imports (newest first), without their rows. */
export const importListSchema = z.object({
  results: z.array(
    importSchema.omit({ rows: true }).extend({
      /** ISO date the file was uploaded */
      created_at: z.string(),
    }),
  ),
});
export type ImportList = z.infer<typeof importListSchema>;

export const importIdParamsSchema = z.object({ id: idSchema('Unknown import.') });

/** `/api/imports/{id}/rows/{index}/`: rows count from 0; an index out of range names no row (404). */
export const importRowParamsSchema = z.object({
  id: idSchema('Unknown import.'),
  index: z
    .string()
    .regex(/^\d{1,5}$/, IMPORT_MESSAGES.rowNotFound)
    .transform(Number),
});
