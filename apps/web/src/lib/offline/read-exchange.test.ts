import { beforeEach, describe, expect, it } from 'vitest';
import { CombinedError, gql, makeOperation, type Client, type Operation, type OperationResult } from 'urql';
import { fromValue, map, pipe, toPromise } from 'wonka';
import { offlineReadExchange, setOfflineReader, type OfflineReads } from './read-exchange.ts';
import { queryId, scopeOf } from './read-store.ts';

// The offline copy's exchange: answers from the server are stored, a query without a network is answered from
// what was stored, an answer with an error never is, and a project the server refuses is dropped.

const IssueDetail = gql`
  query IssueDetail($projectId: Int!, $issueId: Int!) {
    issue(projectId: $projectId, issueId: $issueId) {
      id
    }
  }
`;
const ProjectData = gql`
  query ProjectData($projectId: Int!) {
    projectData(projectId: $projectId) {
      id
      name
    }
  }
`;
const Unkept = gql`
  query AccessKeys {
    accessKeys {
      id
    }
  }
`;

function operation(query: typeof IssueDetail, variables: Record<string, unknown>, context = {}): Operation {
  return makeOperation('query', { key: 1, query, variables }, {
    url: '/graphql',
    requestPolicy: 'network-only',
    ...context,
  } as Operation['context']);
}

function memoryReads() {
  const stored = new Map<string, { data: unknown; storedAt: string }>();
  const refused: string[] = [];
  const opened: boolean[] = [];
  const key = (userId: number, name: string, variables: Record<string, unknown>) =>
    `${userId}/${queryId(name, variables)}`;
  const reads: OfflineReads = {
    async store(userId, name, variables, data, wasOpened) {
      opened.push(wasOpened);
      stored.set(key(userId, name, variables), { data, storedAt: '2026-11-29T10:00:00.000Z' });
    },
    async find(userId, name, variables) {
      return stored.get(key(userId, name, variables));
    },
    async forget(userId, name, variables) {
      stored.delete(key(userId, name, variables));
    },
    async refused(userId, projectId) {
      refused.push(`${userId}/${projectId}`);
    },
  };
  return { reads, stored, refused, opened };
}

/**
 * Runs one operation through the exchange, the server answering `answer`; `meanwhile` runs while the request is
 * on its way (another user signing in).
 */
async function through(
  reads: OfflineReads,
  op: Operation,
  answer: Partial<OperationResult>,
  meanwhile: () => void = () => undefined,
) {
  const exchange = offlineReadExchange(reads)({
    forward: (ops$) =>
      pipe(
        ops$,
        map((sent: Operation) => {
          meanwhile();
          return { operation: sent, stale: false, hasNext: false, ...answer } as OperationResult;
        }),
      ),
    client: {} as Client,
    dispatchDebug: () => undefined,
  });
  const result = await pipe(exchange(fromValue(op)), toPromise);
  await Promise.resolve();
  return result;
}

const noNetwork = { error: new CombinedError({ networkError: new TypeError('Failed to fetch') }) };

beforeEach(() => setOfflineReader(5));

describe('offlineReadExchange', () => {
  it("stores the server's answer and answers the same query from it when no network answers", async () => {
    const memory = memoryReads();
    const op = operation(IssueDetail, { projectId: 7, issueId: 3 });
    await through(memory.reads, op, { data: { issue: { id: 3 } } });
    expect([...memory.stored.keys()]).toEqual(['5/IssueDetail:[["issueId",3],["projectId",7]]']);

    const offline = await through(memory.reads, op, noNetwork);
    expect(offline.error).toBeUndefined();
    expect(offline.data).toEqual({ issue: { id: 3 } });
    expect(offline.extensions).toEqual({ offlineCopy: '2026-11-29T10:00:00.000Z' });
  });

  it('leaves the network error when nothing was stored for those variables', async () => {
    const memory = memoryReads();
    await through(memory.reads, operation(IssueDetail, { projectId: 7, issueId: 3 }), {
      data: { issue: { id: 3 } },
    });
    const other = await through(
      memory.reads,
      operation(IssueDetail, { projectId: 7, issueId: 4 }),
      noNetwork,
    );
    expect(other.data).toBeUndefined();
    expect(other.error?.networkError).toBeInstanceOf(TypeError);
  });

  it("never stores an answer with an error, nor answers a server's error from the copy", async () => {
    const memory = memoryReads();
    const op = operation(IssueDetail, { projectId: 7, issueId: 3 });
    await through(memory.reads, op, { data: { issue: { id: 3 } } });
    const denied = await through(memory.reads, op, {
      data: { issue: null },
      error: new CombinedError({ graphQLErrors: [{ message: 'no', extensions: { code: 'VALIDATION' } }] }),
    });
    expect(denied.error?.graphQLErrors[0]?.extensions['code']).toBe('VALIDATION');
    expect(memory.stored.get(`5/${queryId('IssueDetail', { projectId: 7, issueId: 3 })}`)?.data).toEqual({
      issue: { id: 3 },
    });
  });

  it('drops a project whose data the server now refuses to the user (removed from it, or deleted)', async () => {
    const memory = memoryReads();
    const result = await through(memory.reads, operation(ProjectData, { projectId: 9 }), {
      error: new CombinedError({
        graphQLErrors: [{ message: 'gone', extensions: { code: 'PROJECT_NOT_FOUND' } }],
      }),
    });
    expect(result.error).toBeDefined();
    expect(memory.refused).toEqual(['5/9']);
  });

  it('forgets an issue the server no longer shows the user, so offline it is not shown either', async () => {
    const memory = memoryReads();
    const op = operation(IssueDetail, { projectId: 7, issueId: 3 });
    await through(memory.reads, op, { data: { issue: { id: 3 } } });
    await through(memory.reads, op, {
      error: new CombinedError({ graphQLErrors: [{ message: 'gone', extensions: { code: 'NOT_FOUND' } }] }),
    });
    expect(memory.stored.size).toBe(0);
    expect((await through(memory.reads, op, noNetwork)).data).toBeUndefined();
  });

  it('stores an answer in the copy of the user who asked, though another signed in while it came', async () => {
    const memory = memoryReads();
    await through(
      memory.reads,
      operation(IssueDetail, { projectId: 7, issueId: 3 }),
      { data: { issue: { id: 3 } } },
      () => setOfflineReader(6),
    );
    expect([...memory.stored.keys()]).toEqual(['5/IssueDetail:[["issueId",3],["projectId",7]]']);
  });

  it('stores and reads nothing without a user, except the profile that names its own', async () => {
    setOfflineReader(null);
    const memory = memoryReads();
    await through(memory.reads, operation(IssueDetail, { projectId: 7, issueId: 3 }), {
      data: { issue: { id: 3 } },
    });
    const Profile = gql`
      query LoggedUserData {
        loggedUserData {
          id
        }
      }
    `;
    await through(memory.reads, operation(Profile, {}), { data: { loggedUserData: { id: 8 } } });
    expect([...memory.stored.keys()]).toEqual(['8/LoggedUserData:[]']);
  });

  it('leaves queries outside the offline copy alone', async () => {
    const memory = memoryReads();
    await through(memory.reads, operation(Unkept, {}), { data: { accessKeys: [] } });
    expect(memory.stored.size).toBe(0);
  });

  it("tells a screen's answer from the sync's (only a screen's ProjectData makes the project the last opened)", async () => {
    const memory = memoryReads();
    await through(memory.reads, operation(ProjectData, { projectId: 9 }), {
      data: { projectData: { id: 9 } },
    });
    await through(memory.reads, operation(ProjectData, { projectId: 9 }, { offlineSync: true }), {
      data: { projectData: { id: 9 } },
    });
    expect(memory.opened).toEqual([true, false]);
  });
});

describe('the keys of the offline copy', () => {
  it('ignores absent variables and their order, so the first page matches however it was asked', () => {
    expect(queryId('IssuesListPage', { projectId: 7, first: 500, after: null })).toBe(
      queryId('IssuesListPage', { first: 500, projectId: 7 }),
    );
  });

  it("files each kept query under the user's own or its project", () => {
    expect(scopeOf('LoggedUserData', {})).toBeNull();
    expect(scopeOf('IssuesListPage', { projectId: 7 })).toBe(7);
    expect(scopeOf('AccessKeys', {})).toBeUndefined();
    expect(scopeOf('IssueDetail', {})).toBeUndefined();
  });
});
