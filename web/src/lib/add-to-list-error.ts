import { isApiError } from './api.ts';

/**
 * Shared by the lists feature (its add-spots picker) and the places feature (/newSpot's
 * 'Add to list'), which may not import each other.
 *
 * Spec §8: the server answered → 'Failed to add to list: {message or Unknown error}';
 * no answer at all (or anything else) → 'Something went wrong while adding to the list.'
 */
export function addToListErrorMessage(error: unknown): string {
  if (isApiError(error) && !error.isNetworkError) {
    return `Failed to add to list: ${error.detail || 'Unknown error'}`;
  }
  return 'Something went wrong while adding to the list.';
}
