import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

interface Field {
  name: string;
  args: { defaultValue: string | null; type: TypeRef }[];
  type: TypeRef;
}

interface SchemaType {
  name: string;
  kind: string;
  fields: Field[] | null;
}

const TYPE_REF =
  'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const INTROSPECT = `{ __schema { types { name kind fields { name args { defaultValue type { ${TYPE_REF} } } type { ${TYPE_REF} } } } } }`;

function named(ref: TypeRef): TypeRef {
  return ref.ofType ? named(ref.ofType) : ref;
}

function build(
  types: ReadonlyMap<string, SchemaType>,
  typeName: string,
  path: readonly string[],
  depth: number,
): string {
  return buildParts(types, typeName, path, depth).join(' ');
}

/** The selection of each field of the type, in schema order (see build). */
function buildParts(
  types: ReadonlyMap<string, SchemaType>,
  typeName: string,
  path: readonly string[],
  depth: number,
): string[] {
  const type = types.get(typeName);
  const fields = (type?.fields ?? []).filter((f) =>
    f.args.every((a) => a.type.kind !== 'NON_NULL' || a.defaultValue !== null),
  );
  const parts = fields.flatMap((f) => {
    const target = named(f.type);
    if (target.kind !== 'OBJECT' && target.kind !== 'INTERFACE' && target.kind !== 'UNION') return [f.name];
    const name = target.name ?? '';
    // A type already on the path (a cycle) or too deep: its id alone, if it has one.
    if (path.includes(name) || depth <= 0)
      return types.get(name)?.fields?.some((g) => g.name === 'id') ? [`${f.name} { id }`] : [];
    const inner = target.kind === 'OBJECT' ? build(types, name, [...path, name], depth - 1) : '__typename';
    return inner ? [`${f.name} { ${inner} }`] : [];
  });
  return parts;
}

/**
 * A selection of every field of a type and, recursively, of the objects it reaches (fields without required
 * arguments; cycles and depth beyond `depth` cut to their id), read from the schema the server serves.
 */
export async function fullSelection(
  t: TestServer,
  user: TestUser,
  typeName: string,
  depth = 4,
): Promise<string> {
  return (await fieldSelections(t, user, typeName, depth)).map((f) => f.selection).join(' ');
}

/** The same, field by field: each top-level field's name and its whole selection. */
export async function fieldSelections(
  t: TestServer,
  user: TestUser,
  typeName: string,
  depth = 4,
): Promise<{ name: string; selection: string }[]> {
  const data = await call<{ __schema: { types: SchemaType[] } }>(t, user, INTROSPECT);
  const types = new Map(data.__schema.types.map((ty) => [ty.name, ty]));
  return buildParts(types, typeName, [typeName], depth).map((selection) => ({
    name: selection.split(/[\s{]/, 1)[0] ?? selection,
    selection,
  }));
}
