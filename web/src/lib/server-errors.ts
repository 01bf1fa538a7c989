import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api.ts';

/** Where a failed request's messages go: onto named fields, or one form-level message. */
export interface PlacedErrors {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * Splits an error answer (`{detail, errors: {field: [msg]}}`) between the form's fields
 * and one form-level message. A key belongs to a field by its name, a nested key such as
 * `lists.0` to its head, and `aliases` carry the rest (`lat` → the coordinates field).
 * Messages no field takes are shown together; `detail` only when nothing else says why.
 * No answer at all (or not an API error) shows the caller's `fallback` (spec §8).
 */
export function placeServerError(
  error: unknown,
  fieldNames: readonly string[],
  fallback: string,
  aliases: Readonly<Record<string, string>> = {},
): PlacedErrors {
  if (!isApiError(error) || error.isNetworkError) return { fields: {}, form: fallback };
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    const head = key.split('.')[0] ?? key;
    const field = aliases[key] ?? aliases[head] ?? (fieldNames.includes(head) ? head : undefined);
    if (field) fields[field] ??= messages[0] ?? '';
    else elsewhere.push(...messages);
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, form: elsewhere.length ? elsewhere.join(' ') : placed ? null : error.detail };
}

/** The form-level message's key in react-hook-form's errors: `errors.root.server`. */
export const FORM_ERROR = 'root.server';

/**
 * The one way every form shows a failed submit: field messages via `setError` (the first
 * one focused), anything else as `errors.root.server`, which the next submit clears.
 */
export function showServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldNames: readonly (keyof T & string)[],
  error: unknown,
  fallback: string,
  aliases?: Readonly<Record<string, keyof T & string>>,
): void {
  const placed = placeServerError(error, fieldNames, fallback, aliases);
  Object.entries(placed.fields).forEach(([field, message], index) => {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  if (placed.form) setError(FORM_ERROR, { type: 'server', message: placed.form });
}
