/**
 * One value per database handle (tests open several), made by `make` on first use: the
 * compiled statements of `compiledOnce`, or a loader a module's free functions share.
 */
export function perDatabase<Db extends object, Value>(make: (db: Db) => Value) {
  const values = new WeakMap<Db, Value>();
  return (db: Db): Value => {
    let value = values.get(db);
    if (!value) values.set(db, (value = make(db)));
    return value;
  };
}
