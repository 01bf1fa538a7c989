import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { addToListErrorMessage } from './add-to-list-error.ts';

describe('add-to-list failure messages (spec §8)', () => {
  it("carry the server's message, or 'Unknown error'", () => {
    expect(addToListErrorMessage(new ApiError(400, 'This spot is already on this list.'))).toBe(
      'Failed to add to list: This spot is already on this list.',
    );
    expect(addToListErrorMessage(new ApiError(500, ''))).toBe(
      'Failed to add to list: Unknown error',
    );
  });

  it('say something went wrong when the server never answered', () => {
    expect(addToListErrorMessage(new ApiError(0, 'offline'))).toBe(
      'Something went wrong while adding to the list.',
    );
    expect(addToListErrorMessage(new TypeError('x'))).toBe(
      'Something went wrong while adding to the list.',
    );
  });
});
