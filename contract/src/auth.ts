import { z } from 'zod';
import { text } from './input-rules.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { LIMITS } from './limits.ts';

// In a zod-free module (the auth pages draw before zod loads); kept here for its importers.
export { AUTH_MESSAGES };

const required = (schema: z.ZodString) => schema.min(1, AUTH_MESSAGES.required);

export const passwordSchema = text({ error: AUTH_MESSAGES.required })
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax - 1, AUTH_MESSAGES.passwordTooLong);

export const emailSchema = text({ error: AUTH_MESSAGES.required })
  .trim()
  .max(LIMITS.email - 1, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** Contract §4: letters, digits, `_` and `.`, never `-`, so a slug splits at its first dash. */
export const usernameSchema = text({ error: AUTH_MESSAGES.required })
  .trim()
  .min(LIMITS.usernameMin, AUTH_MESSAGES.usernameTooShort)
  .max(LIMITS.usernameMax - 1, AUTH_MESSAGES.usernameTooLong)
  .regex(/^[\p{L}\p{N}_.]+$/u, AUTH_MESSAGES.usernameCharacters);

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerSchema>;

/** The sign-up form adds the confirm field; the server never sees it. */
export const signUpFormSchema = registerSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirm_password'],
  });

export const loginSchema = z.object({
  username_or_email: required(text({ error: AUTH_MESSAGES.required }).trim()).max(LIMITS.email),
  password: required(text({ error: AUTH_MESSAGES.required })).max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetSchema>;

export const passwordResetConfirmSchema = z.object({ new_password: passwordSchema });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmSchema>;

export const resetPasswordFormSchema = passwordResetConfirmSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirm_password'],
  });

export const userSchema = z.object({ id: z.number(), username: z.string(), email: z.string() });
export type User = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
export const detailResponseSchema = z.object({ detail: z.string() });
