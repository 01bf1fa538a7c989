import { createHash } from 'node:crypto';
import { z, type ZodType } from 'zod';
import { listDetailSchema } from '@spotbook/contract';

/**
 * Move this by one when a release changes what a stored list answer holds without
 * changing its schema: how a value is presented (a URL, a rounding, an order), or the
 * layout of its gzip blocks (lib/gzip-blocks.ts).
 */
const LIST_ANSWER_REVISION = 1;

/** A short hash of `schema` (as JSON Schema) and `revision`. */
export const answerFormat = (schema: ZodType, revision: number) =>
  createHash('sha256')
    .update(`${revision}\n`)
    .update(JSON.stringify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })))
    .digest('base64url')
    .slice(0, 16);

/**
 * What a stored list answer (migration 017) was built by: the answer's schema and the
 * revision above. Stored answers outlive the process that built them, so a release that
 * shapes the answer differently must not serve or patch one an older release stored at
 * the same list version (decision 023, "Stored answers carry their format"). A schema
 * change moves it by itself; anything else needs the revision moved.
 */
export const LIST_ANSWER_FORMAT = answerFormat(listDetailSchema, LIST_ANSWER_REVISION);
