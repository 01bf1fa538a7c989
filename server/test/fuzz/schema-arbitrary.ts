import fc from 'fast-check';
import { hostileNumber, hostileString, hostileValue } from './hostile.ts';

/** The part of an OpenAPI 3.0 schema object (as @fastify/swagger writes zod's) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
}

/** Plausible values of a named field (ids, slugs, place ids of the seeded data), if any. */
export type KnownValues = (field: string) => readonly (string | number)[];

/** How often a value is hostile rather than valid-looking, in the mix. */
const HOSTILE_WEIGHT = 1;
const VALID_WEIGHT = 3;

function knownOr(field: string, known: KnownValues, fallback: fc.Arbitrary<unknown>) {
  const values = known(field);
  return values.length ? fc.oneof(fc.constantFrom(...values), fallback) : fallback;
}

/** A value that fits the schema (or nearly: lengths and ranges at and past their edges). */
function validLooking(
  schema: JsonSchema,
  field: string,
  known: KnownValues,
): fc.Arbitrary<unknown> {
  const union = schema.anyOf ?? schema.oneOf;
  let arbitrary: fc.Arbitrary<unknown>;
  if (schema.enum) arbitrary = fc.constantFrom(...schema.enum);
  else if ('const' in schema) arbitrary = fc.constant(schema.const);
  else if (union?.length) arbitrary = fc.oneof(...union.map((s) => validLooking(s, field, known)));
  else if (schema.allOf?.length) arbitrary = validLooking(schema.allOf[0]!, field, known);
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'object':
        arbitrary = objectOf(schema, known);
        break;
      case 'array':
        arbitrary = fc.array(valueOf(schema.items ?? {}, field, known), {
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        });
        break;
      case 'integer':
        arbitrary = knownOr(
          field,
          known,
          fc.integer({
            min: Math.max(schema.minimum ?? -1000, -(2 ** 31)) - 1,
            max: Math.min(schema.maximum ?? 1000, 2 ** 31) + 1,
          }),
        );
        break;
      case 'number':
        arbitrary = knownOr(
          field,
          known,
          fc.double({
            min: schema.minimum ?? -1000,
            max: schema.maximum ?? 1000,
            noNaN: true,
          }),
        );
        break;
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'null':
        arbitrary = fc.constant(null);
        break;
      case 'string':
        arbitrary = knownOr(field, known, stringOf(schema));
        break;
      default:
        arbitrary = knownOr(field, known, fc.oneof(fc.string(), fc.integer(), fc.boolean()));
    }
  }
  return schema.nullable ? fc.oneof(arbitrary, fc.constant(null)) : arbitrary;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  return fc.oneof(
    { arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength }), weight: 4 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength }), weight: 1 },
    // One past the limit, where off-by-one bugs live.
    { arbitrary: fc.constant('n'.repeat((schema.maxLength ?? 60) + 1)), weight: 1 },
  );
}

/** An object with its properties, some missing (required ones too), sometimes an extra one. */
function objectOf(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([name, s]) => [name, valueOf(s, name, known)]),
  );
  const required = schema.required ?? [];
  return fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.record(shape, { requiredKeys: required }), weight: 4 },
        { arbitrary: fc.record(shape, { requiredKeys: [] }), weight: 1 },
      ),
      fc.option(
        fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', ''), hostileValue),
        {
          freq: 4,
        },
      ),
    )
    .map(([record, extra]) => {
      if (!extra) return record;
      // defineProperty, so a `__proto__` key is sent as a key rather than setting the prototype.
      const copy = { ...(record as object) };
      Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, writable: true });
      return copy;
    });
}

/** What the fuzzer sends for one schema: valid-looking mostly, hostile sometimes. */
export function valueOf(
  schema: JsonSchema,
  field: string,
  known: KnownValues,
): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const hostile =
    type === 'string'
      ? fc.oneof(hostileString, hostileValue)
      : type === 'integer' || type === 'number'
        ? fc.oneof(hostileNumber, hostileValue)
        : hostileValue;
  return fc.oneof(
    { arbitrary: validLooking(schema, field, known), weight: VALID_WEIGHT },
    { arbitrary: hostile, weight: HOSTILE_WEIGHT },
  );
}

/** A query-string or path value: what `valueOf` gives, as the text a URL carries. */
export function textOf(
  schema: JsonSchema,
  field: string,
  known: KnownValues,
): fc.Arbitrary<string> {
  return valueOf(schema, field, known).map((value) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number'
        ? String(value)
        : (JSON.stringify(value) ?? ''),
  );
}
