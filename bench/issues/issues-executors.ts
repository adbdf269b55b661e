// The ways one getIssues page is fetched, each returning the page's ids: over HTTP like the web app, executed
// in-process by graphql-jit (what Yoga runs for queries) and by plain graphql-js, and the service alone.
import fs from 'node:fs';
import path from 'node:path';
import {
  execute,
  Kind,
  parse,
  print,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { TestServer } from '../../apps/server/test/support/test-server.ts';
import type { TestUser } from '../../apps/server/test/support/factories.ts';
import { buildSchema } from '../../apps/server/src/graphql/yoga.ts';
import { createGraphQLContext, type GraphQLContext } from '../../apps/server/src/graphql/context.ts';
import { resolveActor } from '../../apps/server/src/auth/actor-resolver.ts';
import { getIssues } from '../../apps/server/src/modules/issues/list/issue-query-service.ts';
import { issueListShape } from '../../apps/server/src/graphql/resolvers/issue-list-shape.ts';

const WEB_LIST = path.join(
  import.meta.dirname,
  '../../apps/web/src/features/issues/list/issues-list.graphql',
);

/**
 * The web app's list page query (IssuesListPage with its IssueListFields fragment), read from the web app's own
 * document so the benchmark asks for exactly what the list screen asks for: the light variant (no include flags).
 */
export function webListPageDocument(): string {
  const doc = parse(fs.readFileSync(WEB_LIST, 'utf8'));
  const wanted = doc.definitions.filter(
    (d) =>
      (d.kind === Kind.OPERATION_DEFINITION && d.name?.value === 'IssuesListPage') ||
      (d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === 'IssueListFields'),
  );
  if (wanted.length !== 2) throw new Error(`IssuesListPage or IssueListFields missing from ${WEB_LIST}`);
  return print({ kind: Kind.DOCUMENT, definitions: wanted });
}

/** A page as every path returns it. */
export type PageFetcher = (variables: Record<string, unknown>) => Promise<number[]>;

interface PageData {
  getIssues: { issues: { id: number }[] };
}

function idsOf(result: ExecutionResult): number[] {
  if (result.errors?.length || !result.data) throw new Error(JSON.stringify(result.errors));
  return (result.data as unknown as PageData).getIssues.issues.map((i) => i.id);
}

/** The page over HTTP, as the web app sends it (the answer is read as text; its ids are parsed only to check). */
export function httpFetcher(t: TestServer, user: TestUser, query: string): PageFetcher {
  const post = (variables: Record<string, unknown>) =>
    fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ query, variables }),
    });
  return async (variables) => {
    // A keep-alive connection the server closed while the generator ran fails once; the retry opens a new one.
    const response = await post(variables).catch(() => post(variables));
    return idsOf(JSON.parse(await response.text()) as ExecutionResult);
  };
}

/** The getIssues field of a query and the query's fragments, as a resolver's info has them. */
function getIssuesField(document: DocumentNode): {
  fieldNodes: FieldNode[];
  fragments: Record<string, FragmentDefinitionNode>;
} {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  const fieldNodes: FieldNode[] = [];
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    if (d.kind === Kind.OPERATION_DEFINITION)
      for (const s of d.selectionSet.selections)
        if (s.kind === Kind.FIELD && s.name.value === 'getIssues') fieldNodes.push(s);
  }
  return { fieldNodes, fragments };
}

/** In-process executors on the server's own schema and services, with a fresh context per call (as Yoga makes). */
export async function inProcessFetchers(
  t: TestServer,
  user: TestUser,
  query: string,
): Promise<{ jit: PageFetcher; graphqlJs: PageFetcher; service: PageFetcher }> {
  const { services } = t.server;
  const schema = buildSchema();
  const document: DocumentNode = parse(query);
  const actor = await resolveActor(services, { authorization: `Bearer ${user.token}` });
  if (!actor) throw new Error('the viewer token does not resolve');
  const context = (): GraphQLContext =>
    createGraphQLContext({
      services,
      locale: 'en',
      requestId: 'bench',
      actor,
      ip: '127.0.0.1',
      origin: t.url,
    });
  const compiled = compileQuery(schema, document);
  // The service reads what the query asks of each issue, as the getIssues resolver has it read.
  const shape = issueListShape(getIssuesField(document));
  if (!isCompiledQuery(compiled)) throw new Error(JSON.stringify(compiled.errors));
  return {
    jit: async (variables) => idsOf(await compiled.query(undefined, context(), variables)),
    graphqlJs: async (variables) =>
      idsOf(await execute({ schema, document, contextValue: context(), variableValues: variables })),
    service: async (variables) => {
      const page = await getIssues(services, actor, {
        projectId: Number(variables.projectId),
        filter: variables.filter,
        shape,
      });
      return page.issues.map((v) => v.row.id);
    },
  };
}
