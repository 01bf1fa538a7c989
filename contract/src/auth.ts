import { z } from 'zod';
import { text } from './input-rules.ts';
import { LIMITS } from './limits.ts';

/** The texts of spec §5, verbatim; forms and server share them through these schemas. */
export const AUTH_MESSAGES = {
  passwordsMustMatch: 'Confirm Password field must be the same as the Password field',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be less than 255 characters long.',
  emailInvalid: 'Must be a valid email.',
  emailTooLong: 'Email must be less than 255 characters long.',
  usernameTooShort: 'Username must be at least 2 characters long.',
  usernameTooLong: 'Username must be less than 40 characters long.',
  usernameCharacters: 'Username may contain only letters, digits, _ and .',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  required: 'This field is required.',
  invalidCredentials: 'Invalid credentials',
  failedToLogIn: 'Failed to log in',
  registrationFailed: 'Registration failed. Please try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetRequested:
    'If an account exists for that e-mail, we have sent a link to reset its password.',
  passwordResetDone: 'Your password has been reset.',
} as const;

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
