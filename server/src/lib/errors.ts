import { AUTH_REQUIRED_DETAIL } from '@spotbook/contract';

/** An error whose message is safe to show a client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, errors);
export const notAuthenticated = () => new HttpError(403, AUTH_REQUIRED_DETAIL);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const tooManyRequests = (detail: string) => new HttpError(429, detail);

/** A validation failure on one field, in the contract's `errors` shape. */
export const fieldError = (field: string, message: string) =>
  badRequest(message, { [field]: [message] });
