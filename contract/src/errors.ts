import { z } from 'zod';

/** Every error under /api/ has this shape (runtime contract §3). */
export const errorResponseSchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export { AUTH_REQUIRED_DETAIL } from './messages.ts';
