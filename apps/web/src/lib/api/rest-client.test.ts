import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestError } from '../api-errors.ts';
import { setAccessToken } from '../auth-token.ts';
import { api, apiUrl } from './rest-client.ts';

const refreshSession = vi.hoisted(() => vi.fn<() => Promise<boolean>>());
vi.mock('../auth-session.ts', () => ({ refreshSession }));

afterEach(() => {
  vi.unstubAllGlobals();
  refreshSession.mockReset();
  setAccessToken(null);
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(...answers: Response[]) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answers.shift() ?? json(500, {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the typed REST client', () => {
  it('puts the path parameters and the query in the address, and sends the token, language and cookie', async () => {
    setAccessToken('tok', 900);
    const fetchMock = stubFetch(json(200, { views: [] }));
    const answer = await api.get('/bim/projects/{projectId}/views', {
      path: { projectId: 4 },
      query: { documentId: 9 },
    });
    expect(answer).toEqual({ views: [] });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/bim/projects/4/views?documentId=9');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({
      accept: 'application/json',
      'accept-language': 'en',
      authorization: 'Bearer tok',
    });
    expect(init?.body).toBeUndefined();
  });

  it('sends a JSON body, encodes parameters, repeats list queries and skips empty ones', async () => {
    const fetchMock = stubFetch(json(200, { markup: { id: 1 } }), new Response(null, { status: 204 }));
    await api.put('/project-drive/projects/{projectId}/viewer/alignments', {
      path: { projectId: 2 },
      query: { baseDocumentId: 1, comparedDocumentId: 1, baseRevision: 'R 01', comparedRevision: undefined },
      body: { alignment: { rotation: 0, scale: 1, translateX: 2, translateY: 3 } },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(
      '/project-drive/projects/2/viewer/alignments?baseDocumentId=1&comparedDocumentId=1&baseRevision=R+01',
    );
    expect(init?.method).toBe('PUT');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      alignment: { rotation: 0, scale: 1, translateX: 2, translateY: 3 },
    });
    expect(apiUrl('/x/{id}', { id: 'a/b c' }, { status: ['APPROVED', 'REPROVED'] })).toBe(
      '/x/a%2Fb%20c?status=APPROVED&status=REPROVED',
    );
    // A 204 answers nothing.
    await expect(
      api.delete('/bim/projects/{projectId}/views/{viewId}', { path: { projectId: 2, viewId: 3 } }),
    ).resolves.toBeUndefined();
  });

  it("turns a failure into a RestError with the server's code, message and details", async () => {
    stubFetch(
      json(400, { code: 'DOCUMENT_NAME_INVALID', message: 'bad name', details: { rule: 'R01' } }),
      new Response('', { status: 429 }),
    );
    const error = await api
      .post('/project-drive/projects/{projectId}/files', {
        path: { projectId: 1 },
        body: { fileName: 'x.pdf', fileSize: 1 },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({
      code: 'DOCUMENT_NAME_INVALID',
      message: 'bad name',
      status: 400,
      details: { rule: 'R01' },
    });
    await expect(api.get('/autodoc/platform')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
    });
  });

  it('refreshes an expired session once and sends the call again with the new token', async () => {
    setAccessToken('old', 900);
    refreshSession.mockImplementation(async () => {
      setAccessToken('new', 900);
      return true;
    });
    const fetchMock = stubFetch(
      json(401, { code: 'UNAUTHENTICATED', message: '' }),
      json(200, { models: [] }),
    );
    await expect(api.get('/bim/projects/{projectId}/models', { path: { projectId: 1 } })).resolves.toEqual({
      models: [],
    });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const headers = fetchMock.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)['authorization'],
    );
    expect(headers).toEqual(['Bearer old', 'Bearer new']);
  });

  it('keeps a 401 when the refresh fails, when there was no session, and on the identity routes', async () => {
    setAccessToken('old', 900);
    refreshSession.mockResolvedValue(false);
    stubFetch(json(401, { code: 'UNAUTHENTICATED', message: 'expired' }));
    await expect(api.get('/autodoc/platform')).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
    expect(refreshSession).toHaveBeenCalledTimes(1);

    refreshSession.mockClear();
    const fetchMock = stubFetch(json(401, { code: 'NotAuthorizedException', message: 'bad' }));
    await expect(
      api.post('/auth/sign-in', { body: { email: 'a@b.c', password: 'x' } }),
    ).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    setAccessToken(null);
    stubFetch(json(401, { code: 'UNAUTHENTICATED', message: '' }));
    await expect(api.get('/autodoc/platform')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('hands a file answer over as the response, and refuses a success that is not JSON', async () => {
    stubFetch(
      new Response('a;b\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="x.csv"' },
      }),
      new Response('<html>proxy</html>', { status: 200 }),
    );
    const response = await api.raw.post('/exports/issues.csv', { body: { projectId: 1 } });
    expect(await response.text()).toBe('a;b\n');
    expect(response.headers.get('content-disposition')).toContain('x.csv');
    await expect(api.get('/autodoc/platform')).rejects.toMatchObject({ code: 'UNEXPECTED' });
  });
});
