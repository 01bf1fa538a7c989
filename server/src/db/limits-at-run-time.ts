import {
  BinaryOperationNode,
  LimitNode,
  OffsetNode,
  OperationNodeTransformer,
  OperatorNode,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  sql,
  type RawBuilder,
} from 'kysely';

/**
 * `LIMIT ? + 0` and `OFFSET ? + 0` in place of `LIMIT ?` and `OFFSET ?`, on SQLite.
 *
 * SQLite (3.53 here) plans a statement with the value bound to a bare `LIMIT ?` or
 * `OFFSET ?` and marks the statement to be planned again whenever that parameter is bound
 * anew, which better-sqlite3 does on every run: a kept statement with a bound limit was
 * parsed and planned on every run, ~50 µs each time, more than a 20-row gallery walk
 * takes (docs/decisions/023-workers-and-mixed-load.md, "Statements planned on every run").
 * An expression is not looked into, so `? + 0` is planned once and evaluated when the
 * statement runs, with the same rows.
 */
export class LimitsAtRunTime implements KyselyPlugin {
  readonly #transformer = new LimitTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

class LimitTransformer extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    return LimitNode.create(plusZero(this.transformNode(node.limit)));
  }

  protected override transformOffset(node: OffsetNode): OffsetNode {
    return OffsetNode.create(plusZero(this.transformNode(node.offset)));
  }
}

const plusZero = (value: OperationNode) =>
  BinaryOperationNode.create(value, OperatorNode.create('+'), ValueNode.createImmediate(0));

/**
 * `limit … offset …` for SQL written by hand, evaluated when the statement runs as
 * `LimitsAtRunTime` makes Kysely's (and as harmless on PostgreSQL, which plans with the
 * values either way).
 */
export const limitRows = (limit: number, offset?: number): RawBuilder<unknown> =>
  offset === undefined ? sql`limit ${limit} + 0` : sql`limit ${limit} + 0 offset ${offset} + 0`;
