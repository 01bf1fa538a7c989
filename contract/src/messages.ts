/**
 * Plain texts with no zod behind them, importable on their own
 * (`@spotbook/contract/messages`) so the web app's first chunk stays small.
 */
export const AUTH_REQUIRED_DETAIL = 'Authentication credentials were not provided.';
