import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  apsResources,
  type ApsTestAccount,
  type ApsTestHub,
  type ApsTestProject,
  type ApsTestTree,
  type Node,
} from './aps-test-resources.ts';
import { checkAnswer, checkRequest, operations, type Operation } from './aps-openapi-contract.ts';

/**
 * A local Autodesk Platform Services for the APS adapter's tests. It answers from Autodesk's published OpenAPI
 * descriptions (fixtures/aps: Authentication v2, Data Management v1, OSS v2) and validates every request it
 * receives and every answer it gives against them: an undescribed path or method, an undescribed or malformed
 * parameter, a request body or an answer that does not match its schema is recorded in `violations` (the tests
 * expect none). Behind the descriptions it keeps what APS keeps: an OAuth 2.0 authorization server (codes bound to
 * their PKCE challenge and redirect URI, single-use refresh tokens that keep the consented scopes, down-scoping,
 * revocation), hubs, projects, folders, items and their versions, and the OSS objects behind them, served at a
 * signed address (the S3 side, which is not APS's and has no description).
 *
 * Two readings of the descriptions, said here rather than hidden: `scope` is typed as one `Scopes` value while its
 * text says "a space-delimited list", so each value of the list is checked against the enum; and the OAuth error
 * answers (400/401 of the token and revoke calls, RFC 6749 §5.2) are not described, so they are checked against
 * RFC 6749's shape.
 */

interface Token {
  kind: 'access' | 'refresh';
  account: ApsTestAccount;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
  used: boolean;
}

/** One request the platform received (its Authorization header kept to check what was sent where). */
export interface ApsRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

export interface ApsTestServer {
  /** APS_BASE_URL for Obra. */
  baseUrl: string;
  /** APS_USERINFO_URL for Obra. */
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  requests: ApsRequest[];
  /** Requests or answers that do not match Autodesk's descriptions (expected empty). */
  violations: string[];
  /** Every PKCE check of a code exchange: whether the verifier matched the code's challenge. */
  pkceChecks: boolean[];
  /** The tokens the platform issued and revoked (to check they never reach a log or an answer). */
  issued: string[];
  revoked: string[];
  /** A new Autodesk account. */
  addAccount(account: ApsTestAccount): void;
  /** The account signed in at Autodesk's consent page (the browser's Autodesk session). */
  signIn(email: string): void;
  /** The next consent page visit is refused by the user (`error=access_denied`). */
  refuseNextConsent(): void;
  /** The next `times` requests whose path matches answer `status` (an APS error answer), after `skip` of them. */
  failNext(match: RegExp, status: number, times?: number, skip?: number): void;
  /** Expires every access token now (the next call of Obra must refresh first). */
  expireAccessTokens(): void;
  /** The id of a folder or item by its path in a project (`/Plans/A-101.pdf`). */
  idOf(projectId: string, path: string): string;
  /** The version ids of an item, oldest first. */
  versionsOf(itemId: string): string[];
  /** Whether a token is still accepted. */
  isActive(token: string): boolean;
  /** Scopes of a token. */
  scopesOf(token: string): string[];
  close(): Promise<void>;
}

/** Starts the platform on a free port. Access tokens live `accessSeconds` (3600 at Autodesk). */
export async function startApsServer(options: {
  hubs: ApsTestHub[];
  accounts: ApsTestAccount[];
  accessSeconds?: number;
  /** The most entries of a page (APS answers 200 at most); small to exercise paging. */
  pageSize?: number;
}): Promise<ApsTestServer> {
  const ops = await operations();
  const clientId = `obra-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('base64url');
  const signingKey = randomBytes(32);
  const accessSeconds = options.accessSeconds ?? 3600;
  const pageSize = options.pageSize ?? 200;
  const requests: ApsRequest[] = [];
  const violations: string[] = [];
  const pkceChecks: boolean[] = [];
  const issued: string[] = [];
  const revokedList: string[] = [];
  const tokens = new Map<string, Token>();
  const codes = new Map<
    string,
    { account: ApsTestAccount; challenge: string; redirectUri: string; scopes: string[]; used: boolean }
  >();
  const faults: { match: RegExp; status: number; times: number; skip: number }[] = [];
  let signedIn: ApsTestAccount | undefined;
  let refuse = false;

  // The platform's content, indexed by id.
  const nodes = new Map<string, Node>();
  const byPath = new Map<string, string>();
  const objects = new Map<string, Buffer>();
  const projectRoot = new Map<string, string>();
  const hubOf = new Map<string, ApsTestHub>();
  let serial = 0;
  const add = (project: ApsTestProject, parentId: string, tree: ApsTestTree, prefix: string): string[] =>
    Object.entries(tree).map(([name, value]) => {
      serial += 1;
      const at = `${prefix}/${name}`;
      if ('versions' in value && Array.isArray(value.versions)) {
        const id = `urn:adsk.wipprod:dm.lineage:item${serial}`;
        const ext = path.extname(name);
        const versions = (value.versions as Buffer[]).map((bytes, i) => {
          const objectKey = `${randomUUID()}${ext}`;
          objects.set(`wip.dm.prod/${objectKey}`, bytes);
          return {
            id: `urn:adsk.wipprod:fs.file:vf.item${serial}?version=${i + 1}`,
            number: i + 1,
            bytes,
            objectKey,
          };
        });
        nodes.set(id, { kind: 'item', id, name, projectId: project.id, parentId, children: [], versions });
        byPath.set(`${project.id}${at}`, id);
        return id;
      }
      const id = `urn:adsk.wipprod:fs.folder:co.folder${serial}`;
      const node: Node = {
        kind: 'folder',
        id,
        name,
        projectId: project.id,
        parentId,
        children: [],
        versions: [],
      };
      nodes.set(id, node);
      byPath.set(`${project.id}${at}`, id);
      node.children = add(project, id, value as ApsTestTree, at);
      return id;
    });
  for (const hub of options.hubs)
    for (const project of hub.projects) {
      hubOf.set(project.id, hub);
      serial += 1;
      const rootId = `urn:adsk.wipprod:fs.folder:co.root${serial}`;
      projectRoot.set(project.id, rootId);
      nodes.set(rootId, {
        kind: 'folder',
        id: rootId,
        name: `${project.id} root`,
        projectId: project.id,
        parentId: '',
        children: [],
        versions: [],
      });
      nodes.get(rootId)!.children = add(project, rootId, project.folders, '');
    }

  let origin = '';
  const { link, extension, related, folderResource, versionResource, itemResource, projectResource, page } =
    apsResources({
      origin: () => origin,
      rootOf: (projectId) => projectRoot.get(projectId),
      pageSize,
    });

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    body,
    headers,
  });
  type Answer = ReturnType<typeof json> | { status: number; bytes: Buffer; headers: Record<string, string> };

  const bearer = (req: IncomingMessage, scope: string): Token | Answer => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const token = m ? tokens.get(m[1]!) : undefined;
    if (!token || token.kind !== 'access' || token.revoked || token.expiresAt <= Date.now())
      return json(401, { developerMessage: 'The token is not valid.', errorCode: 'AUTH-006' });
    if (!token.scopes.includes(scope))
      return json(403, {
        jsonapi: { version: '1.0' },
        links: {},
        data: [],
        meta: {
          warnings: [
            {
              Id: null,
              HttpStatusCode: '403',
              ErrorCode: 'AUTH-010',
              Title: 'Scope',
              Detail: `${scope} needed`,
              AboutLink: null,
              Source: null,
              meta: null,
            },
          ],
        },
      });
    return token;
  };
  const clientAuth = (req: IncomingMessage): boolean =>
    req.headers.authorization === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const issue = (account: ApsTestAccount, scopes: string[], consent: string[]) => {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    tokens.set(access, {
      kind: 'access',
      account,
      scopes,
      expiresAt: Date.now() + accessSeconds * 1000,
      revoked: false,
      used: false,
    });
    tokens.set(refresh, {
      kind: 'refresh',
      account,
      scopes: consent,
      expiresAt: Date.now() + 15 * 86400_000,
      revoked: false,
      used: false,
    });
    issued.push(access, refresh);
    return json(200, {
      token_type: 'Bearer',
      access_token: access,
      refresh_token: refresh,
      expires_in: accessSeconds,
    });
  };
  const visible = (token: Token, projectId: string): boolean => {
    const hub = hubOf.get(projectId);
    return hub !== undefined && token.account.hubs.includes(hub.id);
  };
  const notFound = () => json(404, { id: 'not found' });

  function route(
    req: IncomingMessage,
    op: Operation,
    params: Record<string, string>,
    query: URLSearchParams,
    body: Record<string, string>,
  ): Answer {
    const key = `${op.method} ${op.template}`;
    switch (key) {
      case 'GET /authentication/v2/authorize': {
        const redirect = new URL(query.get('redirect_uri')!);
        if (
          query.get('client_id') !== clientId ||
          query.get('code_challenge_method') !== 'S256' ||
          !query.get('code_challenge')
        )
          return json(400, { error: 'invalid_request' });
        if (refuse || !signedIn) {
          refuse = false;
          redirect.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(16).toString('base64url');
          codes.set(code, {
            account: signedIn,
            challenge: query.get('code_challenge')!,
            redirectUri: query.get('redirect_uri')!,
            scopes: query.get('scope')!.split(' '),
            used: false,
          });
          redirect.searchParams.set('code', code);
        }
        if (query.get('state')) redirect.searchParams.set('state', query.get('state')!);
        return { status: 302, bytes: Buffer.alloc(0), headers: { location: redirect.toString() } };
      }
      case 'POST /authentication/v2/token': {
        if (!clientAuth(req)) return json(401, { error: 'invalid_client' });
        if (body['grant_type'] === 'authorization_code') {
          const code = codes.get(body['code'] ?? '');
          if (!code || code.used || code.redirectUri !== body['redirect_uri'])
            return json(400, { error: 'invalid_grant' });
          code.used = true;
          const ok =
            createHash('sha256')
              .update(body['code_verifier'] ?? '')
              .digest('base64url') === code.challenge;
          pkceChecks.push(ok);
          if (!ok) return json(400, { error: 'invalid_grant', error_description: 'code_verifier' });
          return issue(code.account, code.scopes, code.scopes);
        }
        if (body['grant_type'] === 'refresh_token') {
          const refresh = tokens.get(body['refresh_token'] ?? '');
          if (
            !refresh ||
            refresh.kind !== 'refresh' ||
            refresh.used ||
            refresh.revoked ||
            refresh.expiresAt <= Date.now()
          )
            return json(400, { error: 'invalid_grant' });
          const asked = body['scope'] ? body['scope'].split(' ') : refresh.scopes;
          if (asked.some((s) => !refresh.scopes.includes(s))) return json(400, { error: 'invalid_scope' });
          // Single-use: the new refresh token keeps the consented scopes, whatever the access token was cut to.
          refresh.used = true;
          return issue(refresh.account, asked, refresh.scopes);
        }
        return json(400, { error: 'unsupported_grant_type' });
      }
      case 'POST /authentication/v2/revoke': {
        if (!clientAuth(req)) return json(401, { error: 'invalid_client' });
        const token = tokens.get(body['token'] ?? '');
        if (token) {
          token.revoked = true;
          revokedList.push(body['token']!);
        }
        return { status: 200, bytes: Buffer.alloc(0), headers: {} };
      }
      case 'GET /userinfo': {
        const token = bearer(req, 'user-profile:read');
        if (!('kind' in token)) return token;
        return json(200, {
          sub: `sub-${token.account.email}`,
          name: token.account.name,
          preferred_username: token.account.name,
          email: token.account.email,
          email_verified: true,
        });
      }
    }
    const token = bearer(req, 'data:read');
    if (!('kind' in token)) return token;
    const self = new URL(req.url ?? '/', origin).pathname;
    switch (key) {
      case 'GET /project/v1/hubs': {
        const hubs = options.hubs.filter((h) => token.account.hubs.includes(h.id));
        return json(200, {
          jsonapi: { version: '1.0' },
          links: { self: link(self) },
          data: hubs.map((h) => ({
            type: 'hubs',
            id: h.id,
            attributes: { name: h.name, extension: extension('hubs:autodesk.bim360:Account'), region: 'US' },
            relationships: { projects: related(`/project/v1/hubs/${h.id}/projects`) },
            links: { self: link(`/project/v1/hubs/${h.id}`) },
          })),
        });
      }
      case 'GET /project/v1/hubs/{hub_id}/projects': {
        const hub = options.hubs.find((h) => h.id === params['hub_id']);
        if (!hub || !token.account.hubs.includes(hub.id)) return notFound();
        const { data, links: pageLinks } = page(hub.projects, query, self);
        return json(200, {
          jsonapi: { version: '1.0' },
          links: pageLinks,
          data: data.map((p) => projectResource(hub, p)),
        });
      }
      case 'GET /project/v1/hubs/{hub_id}/projects/{project_id}': {
        const hub = hubOf.get(params['project_id']!);
        if (!hub || hub.id !== params['hub_id'] || !visible(token, params['project_id']!)) return notFound();
        const project = hub.projects.find((p) => p.id === params['project_id'])!;
        return json(200, {
          jsonapi: { version: '1.0' },
          links: { self: link(self) },
          data: projectResource(hub, project),
        });
      }
      case 'GET /project/v1/hubs/{hub_id}/projects/{project_id}/topFolders': {
        const hub = hubOf.get(params['project_id']!);
        if (!hub || hub.id !== params['hub_id'] || !visible(token, params['project_id']!)) return notFound();
        const root = nodes.get(projectRoot.get(params['project_id']!)!)!;
        return json(200, {
          jsonapi: { version: '1.0' },
          links: { self: link(self) },
          data: root.children.map((id) => folderResource(nodes.get(id)!)),
        });
      }
    }
    const node = (id: string | undefined, kind: Node['kind']) => {
      const n = id ? nodes.get(id) : undefined;
      return n && n.kind === kind && n.projectId === params['project_id'] && visible(token, n.projectId)
        ? n
        : undefined;
    };
    switch (key) {
      case 'GET /data/v1/projects/{project_id}/folders/{folder_id}': {
        const folder = node(params['folder_id'], 'folder');
        if (!folder) return notFound();
        return json(200, {
          jsonapi: { version: '1.0' },
          links: { self: link(self) },
          data: folderResource(folder),
        });
      }
      case 'GET /data/v1/projects/{project_id}/folders/{folder_id}/contents': {
        const folder = node(params['folder_id'], 'folder');
        if (!folder) return notFound();
        const children = folder.children.map((id) => nodes.get(id)!);
        const { data, links: pageLinks } = page(children, query, self);
        return json(200, {
          jsonapi: { version: '1.0' },
          links: pageLinks,
          data: data.map((n) => (n.kind === 'folder' ? folderResource(n) : itemResource(n))),
          included: data.filter((n) => n.kind === 'item').map((n) => versionResource(n, n.versions.at(-1)!)),
        });
      }
      case 'GET /data/v1/projects/{project_id}/items/{item_id}': {
        const item = node(params['item_id'], 'item');
        if (!item) return notFound();
        return json(200, {
          jsonapi: { version: '1.0' },
          links: { self: link(self) },
          data: itemResource(item),
          included: [versionResource(item, item.versions.at(-1)!)],
        });
      }
      case 'GET /data/v1/projects/{project_id}/items/{item_id}/versions': {
        const item = node(params['item_id'], 'item');
        if (!item) return notFound();
        const newestFirst = [...item.versions].reverse();
        const { data, links: pageLinks } = page(newestFirst, query, self);
        return json(200, {
          jsonapi: { version: '1.0' },
          links: pageLinks,
          data: data.map((v) => versionResource(item, v)),
        });
      }
      case 'GET /data/v1/projects/{project_id}/versions/{version_id}': {
        const id = params['version_id']!;
        const item = [...nodes.values()].find(
          (n) => n.kind === 'item' && n.versions.some((v) => v.id === id),
        );
        if (!item || !node(item.id, 'item')) return notFound();
        return json(200, {
          jsonapi: { version: '1.0' },
          links: { self: link(self) },
          data: versionResource(
            item,
            item.versions.find((v) => v.id === id)!,
          ),
        });
      }
      case 'GET /oss/v2/buckets/{bucketKey}/objects/{objectKey}/signeds3download': {
        const key = `${params['bucketKey']}/${params['objectKey']}`;
        const bytes = objects.get(key);
        // The object must be one of a project the account sees.
        const owner = [...nodes.values()].find((n) =>
          n.versions.some((v) => `wip.dm.prod/${v.objectKey}` === key),
        );
        if (!bytes || !owner || !visible(token, owner.projectId)) return notFound();
        const expires = Date.now() + 120_000;
        const signature = createHmac('sha256', signingKey).update(`${key}:${expires}`).digest('hex');
        return json(200, {
          status: 'complete',
          url: `${origin}/s3/${key}?X-Amz-Expires=${expires}&X-Amz-Signature=${signature}`,
          params: {},
          size: bytes.length,
          sha1: createHash('sha1').update(bytes).digest('hex'),
        });
      }
    }
    violations.push(`${key}: described, but this test server does not answer it`);
    return json(501, {});
  }

  /** The S3 side: the signed address, no token (a bearer token sent there is a violation). */
  function s3(req: IncomingMessage, url: URL): Answer {
    if (req.headers.authorization)
      violations.push(`GET ${url.pathname}: an Authorization header was sent to S3`);
    const key = decodeURIComponent(url.pathname.slice('/s3/'.length));
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    const signature = createHmac('sha256', signingKey).update(`${key}:${expires}`).digest('hex');
    const bytes = objects.get(key);
    if (!bytes || url.searchParams.get('X-Amz-Signature') !== signature || expires < Date.now())
      return {
        status: 403,
        bytes: Buffer.from('<Error><Code>AccessDenied</Code></Error>'),
        headers: { 'content-type': 'application/xml' },
      };
    return { status: 200, bytes, headers: { 'content-type': 'application/octet-stream' } };
  }

  /** Checks a request against its operation: parameters (declared, required, typed) and body. */
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: raw,
      });
      const url = new URL(req.url ?? '/', origin);
      let answer: Answer;
      if (url.pathname.startsWith('/s3/') && req.method === 'GET') answer = s3(req, url);
      else {
        let matched: { op: Operation; params: Record<string, string> } | undefined;
        for (const op of ops) {
          if (op.method !== req.method) continue;
          const m = op.pattern.exec(url.pathname);
          if (!m) continue;
          matched = {
            op,
            params: Object.fromEntries(op.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])),
          };
          break;
        }
        if (!matched) {
          violations.push(`${req.method} ${url.pathname}: not in Autodesk's descriptions`);
          answer = json(404, {});
        } else {
          const body = checkRequest(violations, req, matched.op, matched.params, url.searchParams, raw);
          let fault = faults.find((f) => f.times > 0 && f.match.test(url.pathname));
          if (fault && fault.skip > 0) {
            fault.skip -= 1;
            fault = undefined;
          }
          if (fault) {
            fault.times -= 1;
            answer = json(
              fault.status,
              fault.status === 401 || fault.status === 404
                ? { id: `fault-${fault.status}` }
                : { developerMessage: `fault ${fault.status}`, errorCode: `FAULT-${fault.status}` },
              fault.status === 429 ? { 'retry-after': '30' } : {},
            );
          } else answer = route(req, matched.op, matched.params, url.searchParams, body);
          checkAnswer(violations, matched.op, answer, fault !== undefined);
        }
      }
      const headers = { ...answer.headers };
      let bytes: Buffer;
      if ('body' in answer) {
        bytes = Buffer.from(JSON.stringify(answer.body));
        headers['content-type'] = 'application/json';
      } else bytes = answer.bytes;
      headers['content-length'] = String(bytes.length);
      res.writeHead(answer.status, headers);
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: origin,
    userinfoUrl: `${origin}/userinfo`,
    clientId,
    clientSecret,
    requests,
    violations,
    pkceChecks,
    issued,
    revoked: revokedList,
    addAccount(account) {
      options.accounts.push(account);
    },
    signIn(email) {
      signedIn = options.accounts.find((a) => a.email === email);
      if (!signedIn) throw new Error(`no APS test account ${email}`);
    },
    refuseNextConsent() {
      refuse = true;
    },
    failNext(match, status, times = 1, skip = 0) {
      faults.push({ match, status, times, skip });
    },
    expireAccessTokens() {
      for (const token of tokens.values()) if (token.kind === 'access') token.expiresAt = Date.now() - 1;
    },
    idOf(projectId, p) {
      const id = byPath.get(`${projectId}${p}`);
      if (!id) throw new Error(`no ${p} in ${projectId}`);
      return id;
    },
    versionsOf(itemId) {
      return nodes.get(itemId)?.versions.map((v) => v.id) ?? [];
    },
    isActive(token) {
      const t = tokens.get(token);
      return t !== undefined && !t.revoked && !t.used && t.expiresAt > Date.now();
    },
    scopesOf(token) {
      return tokens.get(token)?.scopes ?? [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
