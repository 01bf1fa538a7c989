import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connection.ts';
import { perDatabase } from './per-database.ts';

/** Stands for argument `arg` (its item `item`, for a list) in a query built once. */
class Marker {
  constructor(
    readonly arg: number,
    readonly item?: number,
  ) {}
}

/**
 * A list argument with its length rounded up to a power of two, its last item repeated:
 * the values of an `IN`, whose result repeating one changes nothing. A page's 1 to 20
 * missing spots are then 5 queries, not 20, and a list of any size a few.
 */
const padded = (arg: unknown): unknown => {
  if (!Array.isArray(arg) || arg.length === 0) return arg;
  const items = arg as unknown[];
  const length = 2 ** Math.ceil(Math.log2(items.length));
  return items.concat(Array<unknown>(length - items.length).fill(items.at(-1)));
};

/** A list of 16 ids and one of 32 are two queries: their shapes. */
const shapeOf = (args: readonly unknown[]) =>
  args.map((arg) => (Array.isArray(arg) ? arg.length : '')).join(',');

const markersFor = (args: readonly unknown[]) =>
  args.map((arg, i) =>
    Array.isArray(arg) ? arg.map((_, item) => new Marker(i, item)) : new Marker(i),
  );

/** The query's parameters with each marker replaced by the value it stands for. */
const valuesOf = (parameters: readonly unknown[], args: readonly unknown[]) =>
  parameters.map((p) =>
    p instanceof Marker
      ? p.item === undefined
        ? args[p.arg]
        : (args[p.arg] as unknown[])[p.item]
      : p,
  );

/**
 * A query built and compiled once per database and shape, then run with each call's values
 * bound in place: Kysely builds and compiles a query anew on every call, which cost about as
 * much as running it on the hottest paths (a gallery page's spots, a spot, a list; decision
 * 023, "Queries compiled once"). No maintained library fits: kysely-params, which does this,
 * declares Kysely 0.24 only and has no lists of varying length.
 *
 * `build` gets markers in place of the arguments, and must use them as values only, never
 * to choose what the query is (a marker is always truthy). A list argument must be the
 * values of an `IN`: it is padded to a power-of-two length (`padded`) and gets a marker per
 * item, so each padded length is compiled apart (at most `maxShapes` kept). A built query
 * that leaves an argument out of its parameters (used as raw SQL, say) is refused.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
  maxShapes = 40,
): (db: Db, ...args: Args) => Promise<Row[]> {
  // Per database: the SQL differs between dialects (`?` or `$1`), and tests open several.
  const shapesOf = perDatabase((_db: Db) => new Map<string, CompiledQuery<Row>>());

  const compile = (db: Db, args: Args): CompiledQuery<Row> => {
    const markers = markersFor(args);
    const compiled = build(db, ...(markers as Args)).compile();
    const bound = new Set(compiled.parameters.filter((p) => p instanceof Marker));
    if (bound.size !== markers.flat().length) {
      throw new Error(`a compiled-once query must bind every argument: ${compiled.sql}`);
    }
    return compiled;
  };

  return async (db, ...given) => {
    const args = given.map(padded) as Args;
    const shapes = shapesOf(db);
    const shape = shapeOf(args);
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(db, args);
      if (shapes.size >= maxShapes) shapes.delete(shapes.keys().next().value!);
      shapes.set(shape, compiled);
    }
    const { rows } = await db.executeQuery<Row>({
      ...compiled,
      parameters: valuesOf(compiled.parameters, args),
    });
    return rows;
  };
}
