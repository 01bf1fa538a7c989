import { LazySchema } from '@/components/form/use-schema-form.ts';

/**
 * The auth forms' schemas, fetched when someone steps into a form: sign-in and sign-up are
 * where a shared link's visitor lands, and they draw without zod (decision 024).
 */
const authSchemas = () => import('@spotbook/contract/auth');

export const loginForm = new LazySchema(() => authSchemas().then((m) => m.loginSchema));
export const signUpForm = new LazySchema(() => authSchemas().then((m) => m.signUpFormSchema));
export const requestPasswordResetForm = new LazySchema(() =>
  authSchemas().then((m) => m.requestPasswordResetSchema),
);
export const resetPasswordForm = new LazySchema(() =>
  authSchemas().then((m) => m.resetPasswordFormSchema),
);
