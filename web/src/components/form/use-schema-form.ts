import { zodResolver } from '@hookform/resolvers/zod';
import {
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * Every form: react-hook-form validated by the contract's zod schema, the same one the
 * server uses. A field's error shows once it was left or the form submitted, then follows
 * each keystroke; a failed submit focuses the first invalid field.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
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
