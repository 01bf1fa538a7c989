import { z } from 'zod';

/** Every error under /api/ has this shape (runtime contract §3). */
export const errorResponseSchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export { AUTH_REQUIRED_DETAIL } from './messages.ts';

/** Turns zod issues into `{field: [message, …]}`; issues without a path go to `non_field_errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
