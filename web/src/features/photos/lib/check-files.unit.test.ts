import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { checkFiles } from './check-files.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkFiles', () => {
  it('accepts the kinds the server takes, by type or, without one, by name', () => {
    const files = [
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
      file('c.webp', 'image/webp'),
      file('d.avif', 'image/avif'),
      file('e.HEIC', ''),
      file('f.heif', 'image/heif'),
    ];
    expect(checkFiles(files, 20).map((c) => c.problem)).toEqual(Array(6).fill(null));
  });

  it("refuses what the server would refuse, in the server's words", () => {
    const checked = checkFiles(
      [
        file('anim.gif', 'image/gif'),
        file('notes.pdf', 'application/pdf'),
        file('mystery', ''),
        file('empty.jpg', 'image/jpeg', 0),
        file('huge.jpg', 'image/jpeg', PHOTO_LIMITS.fileBytes + 1),
      ],
      20,
    );
    expect(checked.map((c) => c.problem)).toEqual([
      PHOTO_MESSAGES.unsupportedFormat,
      PHOTO_MESSAGES.notAnImage,
      PHOTO_MESSAGES.notAnImage,
      PHOTO_MESSAGES.damaged,
      PHOTO_MESSAGES.fileTooLarge,
    ]);
  });

  it('takes exactly as many as the spot has room for, in the order chosen', () => {
    const files = ['1', '2', '3', '4'].map((n) => file(`${n}.jpg`, 'image/jpeg'));
    const checked = checkFiles(files, 2);
    expect(checked.map((c) => [c.file.name, c.problem])).toEqual([
      ['1.jpg', null],
      ['2.jpg', null],
      ['3.jpg', PHOTO_MESSAGES.tooManyPhotos],
      ['4.jpg', PHOTO_MESSAGES.tooManyPhotos],
    ]);
    // A refused file does not use up room.
    const mixed = checkFiles([file('x.gif', 'image/gif'), file('y.jpg', 'image/jpeg')], 1);
    expect(mixed.map((c) => c.problem)).toEqual([PHOTO_MESSAGES.unsupportedFormat, null]);
    expect(checkFiles([file('z.jpg', 'image/jpeg')], -3)[0]?.problem).toBe(
      PHOTO_MESSAGES.tooManyPhotos,
    );
  });
});
