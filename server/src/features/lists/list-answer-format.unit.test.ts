import { describe, expect, it } from 'vitest';
import { listDetailSchema, listSpotSchema } from '@spotbook/contract';
import { answerFormat, LIST_ANSWER_FORMAT } from './list-answer-format.ts';

describe('a stored list answer’s format', () => {
  it('is the same for the same schema and revision, in every process', () => {
    expect(answerFormat(listDetailSchema, 1)).toBe(answerFormat(listDetailSchema, 1));
    expect(LIST_ANSWER_FORMAT).toMatch(/^[\w-]{16}$/);
  });

  it('moves with a field added to a spot, or with the revision alone', () => {
    const withMoreOnASpot = listDetailSchema.extend({
      reviews: listSpotSchema.extend({ opening_hours: listSpotSchema.shape.notes }).array(),
    });
    const formats = new Set([
      answerFormat(listDetailSchema, 1),
      answerFormat(withMoreOnASpot, 1),
      answerFormat(listDetailSchema, 2),
    ]);
    expect(formats.size).toBe(3);
  });
});
