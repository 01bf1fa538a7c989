import { createHash } from 'node:crypto';
import { z } from 'zod';
import { listDetailSchema } from '@spotbook/contract';

/**
 * Move this by one when a release changes what a stored list answer holds without
 * changing its schema: how a value is presented (a URL, a rounding, an order), or the
 * layout of its gzip blocks (lib/gzip-blocks.ts).
 */
const LIST_ANSWER_REVISION = 1;

/**
 * What a stored list answer (migration 017) was built by: the answer's schema and the
 * revision above, hashed. Stored answers outlive the process that built them, so a release
 * that shapes the answer differently must not serve or patch one an older release stored
 * at the same list version (migration 017, decision 023 "Stored answers carry their
 * format"). A schema change moves it by itself; anything else needs the revision moved.
 */
export const LIST_ANSWER_FORMAT = createHash('sha256')
  .update(`${LIST_ANSWER_REVISION}\n`)
  .update(
    JSON.stringify(z.toJSONSchema(listDetailSchema, { io: 'output', unrepresentable: 'any' })),
  )
  .digest('base64url')
  .slice(0, 16);
