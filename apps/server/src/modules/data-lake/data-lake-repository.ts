import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { EntityProperty, FeedEntity, FeedScope } from './data-lake-entities-sql.ts';

/** A read of an entity: the scope's rows, narrowed, in an order, one page. */
export interface FeedQuery {
  entity: FeedEntity;
  scope: FeedScope;
  /** Further conditions (projectId, updatedSince, $filter). */
  where: readonly (SQL | undefined)[];
  /** The order; the key breaks ties (and is the whole order by default). */
  orderBy: readonly { property: EntityProperty; desc: boolean }[];
  /** Keyset paging: the key of the last row read (only with the default order). */
  after?: readonly number[] | undefined;
  offset?: number | undefined;
  limit: number;
  /** The properties to return (keys always come too); all by default. */
  select?: readonly EntityProperty[] | undefined;
}

/** A property's value as JSON carries it: dates as `YYYY-MM-DD`, instants as ISO 8601 UTC. */
function output(property: EntityProperty): SQL {
  const expr = sql.raw(property.expr);
  switch (property.type) {
    case 'Edm.Date':
      return sql`to_char(${expr}, 'YYYY-MM-DD')`;
    case 'Edm.DateTimeOffset':
      return sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return sql`${expr}`;
  }
}

function keyProperties(entity: FeedEntity): EntityProperty[] {
  return entity.key.map((k) => {
    const found = entity.properties.find((prop) => prop.name === k);
    if (!found) throw new Error(`key ${k} of ${entity.type} is not a property`);
    return found;
  });
}

function whereOf(q: Pick<FeedQuery, 'entity' | 'scope' | 'where'>): SQL {
  return and(q.entity.where(q.scope), ...q.where) ?? sql`true`;
}

/** One page of rows (plain JSON values), in the asked order, and the key of each row. */
export async function selectFeedRows(
  db: Db,
  q: FeedQuery,
): Promise<{ rows: Record<string, unknown>[]; keys: number[][] }> {
  const keys = keyProperties(q.entity);
  const wanted = q.select ?? q.entity.properties;
  const columns = [...keys.filter((k) => !wanted.includes(k)), ...wanted];
  const keyList = sql.join(
    keys.map((k) => sql.raw(k.expr)),
    sql`, `,
  );
  const after =
    q.after && q.after.length === keys.length
      ? sql`(${keyList}) > (${sql.join(
          q.after.map((v) => sql`${v}::int`),
          sql`, `,
        )})`
      : undefined;
  const order = sql.join(
    [
      ...q.orderBy.map(
        (o) =>
          sql`${sql.raw(o.property.expr)} ${sql.raw(o.desc ? 'desc' : 'asc')} nulls ${sql.raw(o.desc ? 'first' : 'last')}`,
      ),
      ...keys.map((k) => sql`${sql.raw(k.expr)} asc`),
    ],
    sql`, `,
  );
  const query = sql`select ${sql.join(
    columns.map((c) => sql`${output(c)} as ${sql.identifier(c.name)}`),
    sql`, `,
  )} from ${q.entity.from(q.scope)} where ${and(whereOf(q), after)} order by ${order} limit ${q.limit}${
    q.offset ? sql` offset ${q.offset}` : sql``
  }`;
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const selected = new Set(wanted.map((w) => w.name));
  return {
    rows: result.rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const c of columns) if (selected.has(c.name)) out[c.name] = row[c.name] ?? null;
      return out;
    }),
    keys: result.rows.map((row) => keys.map((k) => Number(row[k.name]))),
  };
}

/** How many rows the scope and conditions give. */
export async function countFeedRows(
  db: Db,
  q: Pick<FeedQuery, 'entity' | 'scope' | 'where'>,
): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${q.entity.from(q.scope)} where ${whereOf(q)}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
