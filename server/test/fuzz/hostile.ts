import fc from 'fast-check';

/**
 * Values a careless server chokes on, grouped by what they attack. Nothing here spells
 * the words the leak check looks for (SELECT, node_modules, …): what the fuzzer stores
 * comes back in later answers and must not read as a leak.
 */
const NUMBERS_AS_TEXT = [
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740992',
  '9007199254740993',
  '99999999999',
  '1e309',
  '-1e309',
  '1e-400',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x10',
  '0b11',
  ' 1 ',
  '1.5',
  '00000000001',
  '',
];
const ENCODING = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ufeff',
  '\u202e',
  '😀',
  'Ⅻ',
  'ǅ',
];
const FTS = [
  '"',
  '""',
  '*',
  'a*',
  'NEAR(',
  'NEAR(a b)',
  'OR',
  'AND',
  'NOT',
  '-',
  '-a',
  'a OR b',
  '(',
  ')',
  '^',
  ':',
  'col:x',
  '{a b}',
  '&',
  '|',
  '!',
  '<->',
  "'",
];
const SQL = [
  "' OR 1=1--",
  "'; DROP TABLE lists;--",
  '%',
  '_',
  '\\',
  '%%',
  '\\%',
  '_%_',
  "''",
  '"; --',
  '/*',
  '*/',
  '$1',
  '?',
  '::int',
];

const HUGE = 'x'.repeat(100_000);

/** Nested arrays or objects `depth` levels deep (JSON.stringify copes; a recursive walker may not). */
export function deepNesting(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NUMBERS_AS_TEXT, ...ENCODING, ...FTS, ...SQL),
  fc.constantFrom(HUGE, `${'\u0000'.repeat(10)}${HUGE.slice(0, 1000)}`, 'é'.repeat(40_000)),
  fc
    .tuple(fc.constantFrom(...FTS, ...SQL, ...ENCODING), fc.string({ maxLength: 8 }))
    .map(([a, b]) => `${b}${a}${b}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -1,
    0,
    -0,
    1e308,
    -1e308,
    5e-324,
    0.5,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number),
);

/** The wrong type where a value of some other type belongs. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constantFrom([], {}, [1, 2], { a: 1 }, true, false, [null], ['a']),
  fc.constant(deepNesting(1000, 'array')),
  fc.constant(deepNesting(1000, 'object')),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: wrongType, weight: 2 },
);

/** Path segments, as written into the URL (already percent-encoded or deliberately not). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '..%2F..%2F',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%FF',
    '%F0%9F%98%80',
    '%20',
    '+',
    '%25',
    ';',
    ':',
    '@',
    '~',
    '-',
    '0',
    '-1',
    '2147483648',
    '99999999999',
    '1e3',
    'NaN',
    'null',
    'undefined',
    '%27%20OR%201%3D1--',
    '%22',
    '*',
    'NEAR(',
  ),
  fc.constantFrom('a'.repeat(200), 'a'.repeat(201), '9'.repeat(300), 'x'.repeat(5000)),
  hostileString.filter((s) => s.length > 0 && s.length < 2000).map(encodeURIComponentLoose),
);

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes in raw-escaped. */
export function encodeURIComponentLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^A-Za-z0-9\-_.~]/gu, (c) =>
      c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff
        ? '%ED%A0%80'
        : encodeURIComponent(c),
    );
  }
}
