/**
 * The texts of spec §5, verbatim; forms and server share them through the schemas of
 * auth.ts. A zod-free module of their own, so the sign-in and sign-up pages show them
 * without loading zod before they paint (decision 024).
 */
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
