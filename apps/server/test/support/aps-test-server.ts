import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';

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

const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/aps');

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  file: string;
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }>; required?: boolean };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let described: Promise<Operation[]> | undefined;

/** The operations of the three descriptions, dereferenced once per test file. */
function operations(): Promise<Operation[]> {
  described ??= (async () => {
    const all: Operation[] = [];
    for (const file of ['authentication.yaml', 'datamanagement.yaml', 'oss.yaml']) {
      const api = (await SwaggerParser.dereference(path.join(FIXTURES, file))) as unknown as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const [template, item] of Object.entries(api.paths)) {
        const shared = (item['parameters'] as Parameter[] | undefined) ?? [];
        for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head']) {
          const op = item[method] as
            | {
                parameters?: Parameter[];
                requestBody?: Operation['requestBody'];
                responses: Operation['responses'];
              }
            | undefined;
          if (!op) continue;
          const names: string[] = [];
          const source = template
            .split(/(\{[^}]+\})/)
            .map((part) => {
              const m = /^\{(.+)\}$/.exec(part);
              if (!m) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
              names.push(m[1]!);
              return '([^/]+)';
            })
            .join('');
          all.push({
            file,
            method: method.toUpperCase(),
            template,
            pattern: new RegExp(`^${source}$`),
            names,
            parameters: [...shared, ...(op.parameters ?? [])],
            ...(op.requestBody ? { requestBody: op.requestBody } : {}),
            responses: op.responses,
          });
        }
      }
    }
    return all;
  })();
  return described;
}

const ajv = new Ajv({ nullable: true, unknownFormats: 'ignore', allErrors: true, logger: false });
const compiled = new WeakMap<Schema, Ajv.ValidateFunction>();

/** The errors of a value against a schema of the descriptions, '' when it matches. */
function check(schema: Schema | undefined, value: unknown): string {
  if (!schema) return '';
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? '' : ajv.errorsText(validate.errors, { dataVar: 'value' });
}

/** RFC 6749 §5.2's error answer (the descriptions have none for the token and revoke calls). */
const OAUTH_ERROR: Schema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
};

/** A file of the test platform: its versions' bytes, oldest first. */
export interface ApsTestFile {
  versions: Buffer[];
}
/** A folder's content: folders as objects, files as `{ versions }`. */
export interface ApsTestTree {
  [name: string]: ApsTestTree | ApsTestFile;
}
export interface ApsTestProject {
  id: string;
  name: string;
  /** The top folders. */
  folders: ApsTestTree;
}
export interface ApsTestHub {
  id: string;
  name: string;
  projects: ApsTestProject[];
}
/** An Autodesk account and the hubs it sees. */
export interface ApsTestAccount {
  email: string;
  name: string;
  hubs: string[];
}

interface Node {
  kind: 'folder' | 'item';
  id: string;
  name: string;
  projectId: string;
  parentId: string;
  children: string[];
  versions: { id: string; number: number; bytes: Buffer; objectKey: string }[];
}

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

const TIME = '2026-03-02T10:15:00.000Z';

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
  const link = (p: string) => ({ href: `${origin}${p}` });
  const extension = (type: string) => ({ type, version: '1.0', schema: link(`/schema/v1/versions/${type}`) });
  const who = {
    createUserId: 'U1',
    createUserName: 'Autodesk user',
    lastModifiedUserId: 'U1',
    lastModifiedUserName: 'Autodesk user',
  };
  const related = (p: string) => ({ links: { related: link(p) } });
  const refs = (p: string) => ({
    links: { self: link(`${p}/relationships/refs`), related: link(`${p}/refs`) },
  });
  const links = (p: string) => ({ links: { self: link(`${p}/relationships/links`) } });

  const folderResource = (node: Node) => {
    const p = `/data/v1/projects/${node.projectId}/folders/${encodeURIComponent(node.id)}`;
    return {
      type: 'folders',
      id: node.id,
      attributes: {
        name: node.name,
        displayName: node.name,
        objectCount: node.children.length,
        createTime: TIME,
        lastModifiedTime: TIME,
        ...who,
        hidden: false,
        extension: extension('folders:autodesk.bim360:Folder'),
      },
      links: { self: link(p) },
      relationships: {
        parent: { ...related(`${p}/parent`), data: { type: 'folders', id: node.parentId } },
        refs: refs(p),
        links: links(p),
        contents: related(`${p}/contents`),
      },
    };
  };
  const versionResource = (node: Node, v: Node['versions'][number]) => {
    const p = `/data/v1/projects/${node.projectId}/versions/${encodeURIComponent(v.id)}`;
    return {
      type: 'versions',
      id: v.id,
      attributes: {
        name: node.name,
        displayName: node.name,
        versionNumber: v.number,
        fileType: path.extname(node.name).slice(1),
        storageSize: v.bytes.length,
        createTime: TIME,
        lastModifiedTime: new Date(Date.parse(TIME) + v.number * 60_000).toISOString(),
        ...who,
        extension: extension('versions:autodesk.bim360:File'),
      },
      links: { self: link(p) },
      relationships: {
        item: { ...related(`${p}/item`), data: { type: 'items', id: node.id } },
        refs: refs(p),
        links: links(p),
        storage: {
          meta: { link: link(`/oss/v2/buckets/wip.dm.prod/objects/${v.objectKey}`) },
          data: { type: 'objects', id: `urn:adsk.objects:os.object:wip.dm.prod/${v.objectKey}` },
        },
      },
    };
  };
  const itemResource = (node: Node) => {
    const p = `/data/v1/projects/${node.projectId}/items/${encodeURIComponent(node.id)}`;
    const tip = node.versions.at(-1)!;
    return {
      type: 'items',
      id: node.id,
      attributes: {
        displayName: node.name,
        createTime: TIME,
        lastModifiedTime: new Date(Date.parse(TIME) + tip.number * 60_000).toISOString(),
        ...who,
        hidden: false,
        reserved: false,
        extension: extension('items:autodesk.bim360:File'),
      },
      links: { self: link(p) },
      relationships: {
        parent: { ...related(`${p}/parent`), data: { type: 'folders', id: node.parentId } },
        tip: { ...related(`${p}/tip`), data: { type: 'versions', id: tip.id } },
        versions: related(`${p}/versions`),
        refs: refs(p),
        links: links(p),
      },
    };
  };
  const projectResource = (hub: ApsTestHub, project: ApsTestProject) => {
    const p = `/project/v1/hubs/${hub.id}/projects/${project.id}`;
    return {
      type: 'projects',
      id: project.id,
      attributes: {
        name: project.name,
        scopes: ['b360project.fake'],
        extension: extension('projects:autodesk.bim360:Project'),
      },
      links: { self: link(p) },
      relationships: {
        hub: { ...related(`/project/v1/hubs/${hub.id}`), data: { type: 'hubs', id: hub.id } },
        rootFolder: {
          meta: { link: link(`/data/v1/projects/${project.id}/folders/${projectRoot.get(project.id)}`) },
          data: { type: 'folders', id: projectRoot.get(project.id)! },
        },
        topFolders: related(`${p}/topFolders`),
      },
    };
  };

  const page = <T>(all: T[], query: URLSearchParams, self: string) => {
    const number = Number(query.get('page[number]') ?? 0);
    const limit = Math.min(Number(query.get('page[limit]') ?? pageSize), pageSize);
    const data = all.slice(number * limit, (number + 1) * limit);
    const more = (number + 1) * limit < all.length;
    return {
      data,
      links: {
        self: link(self),
        ...(more ? { next: link(`${self}?page%5Bnumber%5D=${number + 1}&page%5Blimit%5D=${limit}`) } : {}),
      },
    };
  };

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
  function checkRequest(
    req: IncomingMessage,
    op: Operation,
    params: Record<string, string>,
    query: URLSearchParams,
    raw: string,
  ): Record<string, string> {
    const where = `${op.method} ${op.template}`;
    for (const p of op.parameters) {
      let values: string[] = [];
      if (p.in === 'path') values = [params[p.name]!];
      else if (p.in === 'query') values = query.getAll(p.name);
      else if (p.in === 'header') {
        const v = req.headers[p.name.toLowerCase()];
        values = v === undefined ? [] : [String(v)];
      }
      if (values.length === 0) {
        if (p.required) violations.push(`${where}: required ${p.in} parameter ${p.name} missing`);
        continue;
      }
      const type = p.schema?.['type'];
      const typed = values.map((v) =>
        type === 'integer' || type === 'number'
          ? Number(v)
          : type === 'boolean'
            ? v === 'true'
              ? true
              : v === 'false'
                ? false
                : v
            : v,
      );
      if (p.name === 'scope') {
        for (const s of values[0]!.split(' ')) {
          const error = check(p.schema, s);
          if (error) violations.push(`${where}: scope ${s}: ${error}`);
        }
        continue;
      }
      const error = check(p.schema, type === 'array' ? typed : typed[0]);
      if (error) violations.push(`${where}: ${p.in} parameter ${p.name}: ${error}`);
    }
    const declared = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of new Set(query.keys()))
      if (!declared.has(name)) violations.push(`${where}: undescribed query parameter ${name}`);
    if (!op.requestBody) {
      if (raw) violations.push(`${where}: a body where none is described`);
      return {};
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
    const content = op.requestBody.content[type];
    if (!content) {
      violations.push(`${where}: body of undescribed type ${type}`);
      return {};
    }
    const body =
      type === 'application/x-www-form-urlencoded'
        ? Object.fromEntries(new URLSearchParams(raw))
        : (JSON.parse(raw || '{}') as Record<string, string>);
    const { scope, ...rest } = body;
    const schema = content.schema;
    const error = check(schema, rest);
    if (error) violations.push(`${where}: body: ${error}`);
    if (scope !== undefined) {
      const scopeSchema = (schema?.['properties'] as Record<string, Schema> | undefined)?.['scope'];
      for (const s of scope.split(' ')) {
        const e = check(scopeSchema, s);
        if (e) violations.push(`${where}: body scope ${s}: ${e}`);
      }
    }
    return body;
  }

  /** Checks an answer against the operation's description of its status. */
  function checkAnswer(op: Operation, answer: Answer, fault: boolean): void {
    const where = `${op.method} ${op.template} → ${answer.status}`;
    const response = op.responses[String(answer.status)];
    if (!('body' in answer)) {
      if (!response && !fault) violations.push(`${where}: undescribed status`);
      return;
    }
    if (!response) {
      const oauth =
        op.template.startsWith('/authentication/v2/') && (answer.status === 400 || answer.status === 401);
      if (oauth) {
        const error = check(OAUTH_ERROR, answer.body);
        if (error) violations.push(`${where}: ${error}`);
      } else if (!fault) violations.push(`${where}: undescribed status`);
      return;
    }
    const schema =
      response.content?.['application/json']?.schema ??
      response.content?.['application/vnd.api+json']?.schema;
    const error = check(schema, answer.body);
    if (error) violations.push(`${where}: answer: ${error}`);
  }

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
          const body = checkRequest(req, matched.op, matched.params, url.searchParams, raw);
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
          checkAnswer(matched.op, answer, fault !== undefined);
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
