export * from './limits.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './text.ts';
