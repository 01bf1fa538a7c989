import { fieldErrors, reviewUpdateSchema, type ReviewUpdateBody } from '@spotbook/contract';
// Relative import: the unit test project runs this file without the '@/' alias.
import { isApiError } from '../../../lib/api.ts';

export const EDIT_FIELDS = ['review', 'rating', 'visited', 'lists'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditErrors = Partial<Record<EditField, string[]>>;

export interface EditValues {
  review: string;
  rating: number;
  visited: boolean;
  /** null while the spot's current lists are unknown: then the lists are left alone. */
  lists: readonly number[] | null;
}

export type EditCheck =
  | { ok: true; body: ReviewUpdateBody }
  | { ok: false; errors: EditErrors; formError: string | null };

/** The same schema the server uses; `lists` is sent only when known, so none are lost. */
export function checkEdit(values: EditValues): EditCheck {
  const input = {
    review: values.review,
    rating: values.rating,
    visited: values.visited,
    ...(values.lists ? { lists: [...values.lists] } : {}),
  };
  const parsed = reviewUpdateSchema.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  return splitErrors(fieldErrors(parsed.error), null);
}

function splitErrors(
  errors: Record<string, string[]>,
  fallback: string | null,
): Extract<EditCheck, { ok: false }> {
  const onFields: EditErrors = {};
  const elsewhere: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    // 'lists.0' and the like belong to the lists field.
    const field = EDIT_FIELDS.find((name) => key === name || key.startsWith(`${name}.`));
    if (field) onFields[field] = [...(onFields[field] ?? []), ...messages];
    else elsewhere.push(...messages);
  }
  const placed = Object.keys(onFields).length > 0;
  return {
    ok: false,
    errors: onFields,
    formError: elsewhere.length ? elsewhere.join(' ') : placed ? null : fallback,
  };
}

export const SAVE_FAILED = 'Your changes could not be saved. Please try again.';

/** A failed save: the server's field errors on their fields, anything else above Save. */
export function saveErrors(error: unknown): Extract<EditCheck, { ok: false }> {
  if (!isApiError(error) || error.isNetworkError) {
    return { ok: false, errors: {}, formError: isApiError(error) ? error.detail : SAVE_FAILED };
  }
  return splitErrors(error.errors ?? {}, error.detail || SAVE_FAILED);
}
