import {
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form's schema fetched when it is first needed: a page whose first screen is a form
 * (sign-in, sign-up) then draws before zod and the schemas have loaded (decision 024).
 * `prefetch` is the form's `onFocus`: the fetch starts when someone steps into a field, well
 * before the first check (on leaving it, or on submit).
 */
export class LazySchema<S extends FormSchema> {
  readonly #importSchema: () => Promise<S>;
  #loading: Promise<S> | undefined;

  constructor(importSchema: () => Promise<S>) {
    this.#importSchema = importSchema;
  }

  load = (): Promise<S> => {
    // A failed fetch (the network dropped) is tried again at the next check.
    this.#loading ??= this.#importSchema().catch((error: unknown) => {
      this.#loading = undefined;
      throw error;
    });
    return this.#loading;
  };

  /** Starts the fetch; a failure shows at the check, which tries again. */
  prefetch = (): void => {
    this.load().catch(() => undefined);
  };
}

/**
 * The zod resolver for `source`; the resolver library is imported with the schema (both
 * are kept once loaded: `LazySchema` keeps its schema, the browser its modules).
 */
function schemaResolver<S extends FormSchema>(
  source: S | LazySchema<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, context, options) => {
    const [schema, { zodResolver }] = await Promise.all([
      source instanceof LazySchema ? source.load() : source,
      import('@hookform/resolvers/zod'),
    ]);
    const resolve = zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>;
    return resolve(values, context, options);
  };
}

/**
 * Every form: react-hook-form validated by the contract's zod schema, the same one the
 * server uses. A field's error shows once it was left or the form submitted, then follows
 * each keystroke; a failed submit focuses the first invalid field.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S | LazySchema<S>,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: schemaResolver(schema),
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: true,
  });
}

/** The props TextField, PasswordField and TextArea take for a text field of a form. */
export function useTextField<T extends FieldValues, TOut>(
  control: Control<T, unknown, TOut>,
  name: FieldPathByValue<T, string | null | undefined>,
) {
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | null | undefined) ?? '';
  return { ...field, value, error: fieldState.error?.message };
}
