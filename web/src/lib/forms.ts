import { fieldErrors } from '@spotbook/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from './api.ts';

type StringFields = Record<string, string>;
type Errors<V> = Partial<Record<keyof V & string, string[]>>;

/**
 * A form validated by the same zod schema the server uses (engineering guide: one form
 * schema on both sides). Client errors appear for a field once it was left or the form
 * submitted; the server's `errors` land on the same fields; anything else is `formError`.
 */
export function useZodForm<S extends z.ZodType<unknown, StringFields>>(
  schema: S,
  initialValues: z.input<S>,
) {
  type Values = z.input<S>;
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const parsed = schema.safeParse(values);
  const clientErrors = (parsed.success ? {} : fieldErrors(parsed.error)) as Errors<Values>;

  function errorFor(field: Field): string[] | undefined {
    if (serverErrors[field]) return serverErrors[field];
    return submitted || touched[field] ? clientErrors[field] : undefined;
  }

  function setValue(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest as Errors<Values>);
  }

  function field(name: Field) {
    return {
      name,
      value: values[name] as string,
      error: errorFor(name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value),
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    };
  }

  /** Puts an `ApiError`'s field messages on their fields; the rest becomes `formError`. */
  function showServerError(error: unknown, networkMessage: string) {
    if (!isApiError(error) || error.isNetworkError) {
      setFormError(networkMessage);
      return;
    }
    const onFields: Errors<Values> = {};
    const elsewhere: string[] = [];
    for (const [key, messages] of Object.entries(error.errors ?? {})) {
      if (key in values) onFields[key as Field] = messages;
      else elsewhere.push(...messages);
    }
    setServerErrors(onFields);
    const placed = Object.keys(onFields).length > 0;
    setFormError(elsewhere.length ? elsewhere.join(' ') : placed ? null : error.detail);
  }

  function handleSubmit(onValid: (data: z.output<S>) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      setSubmitted(true);
      setFormError(null);
      if (!parsed.success) {
        // Focus the first invalid field in reading order, so keyboard users land on it.
        const firstInvalid = [...event.currentTarget.elements].find(
          (element) =>
            (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
            element.name in clientErrors,
        );
        if (firstInvalid instanceof HTMLElement) firstInvalid.focus();
        return;
      }
      setSubmitting(true);
      try {
        await onValid(parsed.data as z.output<S>);
      } finally {
        setSubmitting(false);
      }
    };
  }

  function reset(next: Values = initialValues) {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  }

  return { values, field, setValue, formError, submitting, handleSubmit, showServerError, reset };
}
