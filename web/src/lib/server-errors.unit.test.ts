import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { placeServerError } from './server-errors.ts';

const FIELDS = ['review', 'rating', 'lists'];
const FALLBACK = 'Your changes could not be saved. Please try again.';

describe('placing a failed request on a form', () => {
  it('puts field messages on their fields, nested keys on their head', () => {
    const error = new ApiError(400, 'Invalid input.', {
      review: ['Too long.', 'Second message.'],
      'lists.0': ['Must be the id of a list or spot.'],
    });
    expect(placeServerError(error, FIELDS, FALLBACK)).toEqual({
      fields: { review: 'Too long.', lists: 'Must be the id of a list or spot.' },
      form: null,
    });
  });

  it('carries aliased keys to their field', () => {
    const error = new ApiError(400, 'Invalid input.', { lng: ['Longitude must be a number.'] });
    expect(placeServerError(error, ['name'], FALLBACK, { lat: 'coords', lng: 'coords' })).toEqual({
      fields: { coords: 'Longitude must be a number.' },
      form: null,
    });
  });

  it('shows messages no field takes above the form, and the detail when nothing else', () => {
    const elsewhere = new ApiError(400, 'Invalid input.', { token: ['The link expired.'] });
    expect(placeServerError(elsewhere, FIELDS, FALLBACK)).toEqual({
      fields: {},
      form: 'The link expired.',
    });
    const bare = new ApiError(409, 'Spots are paused for maintenance.');
    expect(placeServerError(bare, FIELDS, FALLBACK)).toEqual({
      fields: {},
      form: 'Spots are paused for maintenance.',
    });
  });

  it("falls back to the caller's message when the server never answered", () => {
    expect(placeServerError(new ApiError(0, 'offline'), FIELDS, FALLBACK).form).toBe(FALLBACK);
    expect(placeServerError(new TypeError('boom'), FIELDS, FALLBACK).form).toBe(FALLBACK);
  });
});
