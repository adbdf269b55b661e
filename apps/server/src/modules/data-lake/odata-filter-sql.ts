import { and, or, sql, type SQL } from 'drizzle-orm';
import type { EntityProperty } from './data-lake-entities-sql.ts';
import { refuse, type FilterNode, type Literal, type Operator } from './odata-filter.ts';

const SQL_OPERATORS: Record<Operator, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

/** A literal as a typed SQL parameter for a property, or BAD_USER_INPUT when the types do not meet. */
function valueFor(property: EntityProperty, literal: Literal): SQL {
  const mismatch = () => refuse(`“${property.name}” is ${property.type}`);
  switch (property.type) {
    case 'Edm.Int32':
      if (literal.kind !== 'number' || !Number.isInteger(literal.value)) mismatch();
      return sql`${literal.kind === 'number' ? literal.value : 0}::int`;
    case 'Edm.String':
      if (literal.kind !== 'string') mismatch();
      return sql`${literal.kind === 'string' ? literal.value : ''}::text`;
    case 'Edm.Boolean':
      if (literal.kind !== 'boolean') mismatch();
      return sql`${literal.kind === 'boolean' && literal.value}::boolean`;
    case 'Edm.Date':
      if (literal.kind !== 'date') mismatch();
      return sql`${literal.kind === 'date' ? literal.value : ''}::date`;
    case 'Edm.DateTimeOffset':
      if (literal.kind !== 'datetime' && literal.kind !== 'date') mismatch();
      if ((literal.kind === 'datetime' || literal.kind === 'date') && Number.isNaN(Date.parse(literal.value)))
        mismatch();
      return sql`${literal.kind === 'datetime' || literal.kind === 'date' ? literal.value : ''}::timestamptz`;
  }
}

/** A parsed filter as SQL over the entity's FROM clause. */
export function filterSql(node: FilterNode): SQL {
  if (node.kind === 'compare') return compareSql(node);
  const [left, right] = [filterSql(node.left), filterSql(node.right)];
  return (node.kind === 'and' ? and(left, right) : or(left, right)) ?? sql`false`;
}

function compareSql(node: Extract<FilterNode, { kind: 'compare' }>): SQL {
  const column = sql.raw(node.property.expr);
  if (node.literal.kind === 'null') {
    if (node.op === 'eq') return sql`(${column}) is null`;
    if (node.op === 'ne') return sql`(${column}) is not null`;
    refuse('null compares only with eq and ne');
  }
  return sql`(${column}) ${sql.raw(SQL_OPERATORS[node.op])} ${valueFor(node.property, node.literal)}`;
}
