import { REVIEW_MESSAGES } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { checkEdit, saveErrors } from './edit-form.ts';

const values = { review: 'Lovely', rating: 4, visited: true, lists: [3, 5] };

describe('the spot edit form', () => {
  it('sends the lists only when they are known', () => {
    expect(checkEdit(values)).toEqual({
      ok: true,
      body: { review: 'Lovely', rating: 4, visited: true, lists: [3, 5] },
    });
    const check = checkEdit({ ...values, lists: null });
    expect(check.ok && 'lists' in check.body).toBe(false);
  });

  it('puts the shared schema messages on their fields', () => {
    const check = checkEdit({ ...values, review: 'x'.repeat(801), rating: 9 });
    expect(check).toEqual({
      ok: false,
      errors: {
        review: [REVIEW_MESSAGES.reviewTooLong],
        rating: [REVIEW_MESSAGES.ratingRange],
      },
      formError: null,
    });
    expect(checkEdit({ ...values, review: 'x'.repeat(800) }).ok).toBe(true);
  });

  it('places server errors on fields, the rest above Save', () => {
    const onField = new ApiError(400, 'Invalid input', {
      review: [REVIEW_MESSAGES.reviewTooLong],
      'lists.0': [REVIEW_MESSAGES.notYourList],
    });
    expect(saveErrors(onField)).toEqual({
      ok: false,
      errors: {
        review: [REVIEW_MESSAGES.reviewTooLong],
        lists: [REVIEW_MESSAGES.notYourList],
      },
      formError: null,
    });
    expect(saveErrors(new ApiError(404, 'Spot not found.')).formError).toBe('Spot not found.');
    expect(saveErrors(new ApiError(0, 'offline')).formError).toBe('offline');
    expect(saveErrors(new Error('boom')).formError).toMatch(/could not be saved/);
  });
});
