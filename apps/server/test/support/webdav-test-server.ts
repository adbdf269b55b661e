import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { v2 as webdav } from 'webdav-server';

/** One account of the test WebDAV server and what its root holds (folders as objects, files as their bytes). */
export interface WebDavAccount {
  username: string;
  password: string;
  /** The e-mail the server keeps on the account's root (the sabredav `email-address` property), if any. */
  email?: string;
  tree: WebDavTree;
}
/** A folder's content. */
export interface WebDavTree {
  [name: string]: WebDavTree | Buffer | string;
}

/** A real WebDAV server (the `webdav-server` package, RFC 4918) on a free port, Basic authentication. */
export interface WebDavTestServer {
  /** The base URL to give Obra: `http://127.0.0.1:<port>/files/{user}/`. */
  baseUrl: string;
  origin: string;
  /** Requests seen (method and path), to assert what the platform was asked. */
  requests: { method: string; url: string; authorization: string | undefined }[];
  /** Paths (or parts of them) whose GET is cut after a few bytes, as a platform that fails mid-transfer. */
  interruptGets: string[];
  close(): Promise<void>;
}

/**
 * Starts the server with each account's tree under `/files/<username>/`, only that account allowed there. The
 * account part of the protocol Nextcloud and ownCloud speak (RFC 5397 `current-user-principal` on the files root,
 * the sabredav `email-address` on the principal `/principals/users/<name>/`) is answered in front of it: the
 * `webdav-server` package keeps no principals (and mangles a property namespace with a path in it).
 */
export async function startWebDavServer(accounts: readonly WebDavAccount[]): Promise<WebDavTestServer> {
  const users = new webdav.SimpleUserManager();
  const privileges = new webdav.SimplePathPrivilegeManager();
  const server = new webdav.WebDAVServer({
    httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'Obra test'),
    privilegeManager: privileges,
  });
  const requests: WebDavTestServer['requests'] = [];
  server.beforeRequest((ctx, next) => {
    requests.push({
      method: ctx.request.method ?? '',
      url: ctx.request.url ?? '',
      authorization: ctx.request.headers.authorization,
    });
    next();
  });
  const ctx = server.createExternalContext();
  const fileSystem = server.rootFileSystem();
  const add = (path: string, tree: webdav.ResourceType | WebDavTree | Buffer | string) =>
    new Promise<void>((resolve, reject) =>
      fileSystem.addSubTree(ctx, path, tree as never, (error) => (error ? reject(error) : resolve())),
    );
  await add('/files', webdav.ResourceType.Directory);
  for (const account of accounts) {
    const user = users.addUser(account.username, account.password, false);
    privileges.setRights(user, `/files/${account.username}`, ['all']);
    await add(`/files/${account.username}`, webdav.ResourceType.Directory);
    await add(`/files/${account.username}`, account.tree);
  }
  const byName = new Map(accounts.map((a) => [a.username, a]));
  const interruptGets: string[] = [];
  const http = createServer((req, res) => {
    if (req.method === 'PROPFIND' && answerAccount(req, res, byName)) return;
    const path = decodeURIComponent(req.url ?? '');
    if (req.method === 'GET' && interruptGets.some((part) => path.includes(part))) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '1000000' });
      res.write(Buffer.alloc(1000), () => res.destroy());
      return;
    }
    (server.executeRequest as (req: IncomingMessage, res: ServerResponse) => void)(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  requests.length = 0;
  return {
    baseUrl: `${origin}/files/{user}/`,
    origin,
    requests,
    interruptGets,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

function basicUser(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  return Buffer.from(header.slice(6), 'base64').toString('utf8');
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Answers the account's PROPFINDs (principal, e-mail) as Nextcloud does; false for every other request. */
function answerAccount(
  req: IncomingMessage,
  res: ServerResponse,
  accounts: ReadonlyMap<string, WebDavAccount>,
): boolean {
  const url = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
  const principal = /^\/principals\/users\/([^/]+)\/?$/.exec(url);
  const root = /^\/files\/([^/]+)\/?$/.exec(url);
  if (!principal && !root) return false;
  const name = (principal ?? root)![1]!;
  const credentials = basicUser(req);
  const account = accounts.get(name);
  if (!principal && (req.headers.depth ?? '1') !== '0') return false;
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (!credentials || !account || credentials !== `${account.username}:${account.password}`) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Obra test"' }).end();
      return;
    }
    if (root && !body.includes('current-user-principal')) {
      // Not an account question: the real server answers (the body is replayed).
      res.writeHead(500).end('replay not supported');
      return;
    }
    const href = `/principals/users/${encodeURIComponent(name)}/`;
    const props = root
      ? `<d:current-user-principal><d:href>${href}</d:href></d:current-user-principal>`
      : account.email
        ? `<s:email-address>${escapeXml(account.email)}</s:email-address>`
        : '';
    res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
    res.end(
      `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><d:response><d:href>${principal ? href : req.url}</d:href><d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
    );
  });
  return true;
}
