import { AppError } from '@obra/domain';
import { XMLParser } from 'fast-xml-parser';
import type {
  DocumentPlatformConnector,
  PartnerCredentials,
  PartnerCustomer,
  PartnerDownload,
  PartnerFile,
  PartnerFolder,
  PartnerFolderItem,
  PartnerProject,
  PartnerProjectRef,
} from './connector.ts';
import { platformDownload, platformFetch, platformStatusError, platformText } from './platform-http.ts';

/** One entry of a PROPFIND answer. */
interface DavEntry {
  /** Path below the account's root, decoded, without a trailing slash ('' is the root). */
  path: string;
  name: string;
  collection: boolean;
  size: number | null;
  mimeType: string | null;
  modifiedAt: string | null;
  etag: string | null;
  email: string | null;
  principal: string | null;
}

const PROPFIND_BODY = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">
  <d:prop><d:displayname/><d:resourcetype/><d:getcontentlength/><d:getcontenttype/><d:getlastmodified/><d:getetag/></d:prop>
</d:propfind>`;

const ACCOUNT_BODY = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">
  <d:prop><d:current-user-principal/><s:email-address/></d:prop>
</d:propfind>`;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'response' || name === 'propstat',
});

/**
 * A segment of an id: ids are paths below the project ('/' the root, '/Plans/A-101.pdf' a file). A segment that
 * could leave its folder ('..', '.', empty, a backslash or NUL) is refused, so an id never escapes its project.
 */
function segments(id: string): string[] {
  if (id === '' || id === '/') return [];
  if (!id.startsWith('/')) throw new AppError('BAD_USER_INPUT', { field: 'id' });
  const parts = id.slice(1).replace(/\/$/, '').split('/');
  for (const p of parts)
    if (p === '' || p === '.' || p === '..' || /[\\\0]/.test(p) || p.length > 255)
      throw new AppError('BAD_USER_INPUT', { field: 'id' });
  return parts;
}

function nameSegment(value: string, field: string): string {
  if (value === '' || value === '.' || value === '..' || /[/\\\0]/.test(value) || value.length > 255)
    throw new AppError('BAD_USER_INPUT', { field });
  return value;
}

/**
 * Nextcloud, ownCloud and any WebDAV server (RFC 4918): the account's root holds one folder per "customer", each
 * holds one folder per project; below a project, folders and files. Files have one version (WebDAV keeps none),
 * named by its ETag. The base URL may hold `{user}` (Nextcloud: `https://cloud/remote.php/dav/files/{user}/`).
 */
export class WebDavConnector implements DocumentPlatformConnector {
  readonly platform = 'webdav' as const;
  private readonly root: URL;

  constructor(
    baseUrl: string,
    private readonly credentials: PartnerCredentials,
    private readonly timeoutMs: number,
  ) {
    const base = baseUrl.replace('{user}', encodeURIComponent(credentials.accountName));
    this.root = new URL(base.endsWith('/') ? base : `${base}/`);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const basic = Buffer.from(`${this.credentials.accountName}:${this.credentials.secret}`).toString(
      'base64',
    );
    return { authorization: `Basic ${basic}`, ...extra };
  }

  private url(parts: readonly string[], collection: boolean): string {
    const tail = parts.map(encodeURIComponent).join('/');
    return new URL(tail + (collection && tail ? '/' : ''), this.root).toString();
  }

  private async propfind(parts: readonly string[], depth: '0' | '1', body = PROPFIND_BODY, url?: string) {
    const response = await platformFetch(url ?? this.url(parts, true), {
      method: 'PROPFIND',
      headers: this.headers({ depth, 'content-type': 'application/xml; charset=utf-8' }),
      body,
      timeoutMs: this.timeoutMs,
    });
    const text = await platformText(response, this.timeoutMs);
    if (response.status !== 207) throw platformStatusError(response.status);
    return this.entries(text);
  }

  private entries(xml: string): DavEntry[] {
    let doc: Record<string, unknown>;
    try {
      doc = parser.parse(xml) as Record<string, unknown>;
    } catch {
      throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'xml' });
    }
    const multistatus = doc['multistatus'] as { response?: Record<string, unknown>[] } | undefined;
    if (!multistatus) throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'xml' });
    const rootPath = decodeURIComponent(this.root.pathname).replace(/\/$/, '');
    return (multistatus.response ?? []).map((r) => {
      const href = String(r['href'] ?? '');
      const decoded = decodeURIComponent(new URL(href, this.root).pathname).replace(/\/$/, '');
      const path = decoded.startsWith(rootPath) ? decoded.slice(rootPath.length) : decoded;
      const ok = ((r['propstat'] as Record<string, unknown>[] | undefined) ?? []).find((p) =>
        /\s200\s/.test(String(p['status'] ?? '')),
      );
      const prop = (ok?.['prop'] ?? {}) as Record<string, unknown>;
      const type = prop['resourcetype'];
      const collection = typeof type === 'object' && type !== null && 'collection' in type;
      const size = prop['getcontentlength'] === undefined ? null : Number(prop['getcontentlength']);
      const modified = prop['getlastmodified'] ? new Date(String(prop['getlastmodified'])) : null;
      const principal = prop['current-user-principal'] as Record<string, unknown> | undefined;
      const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
      return {
        path,
        name: path.split('/').pop() ?? '',
        collection,
        size: Number.isFinite(size) ? size : null,
        mimeType: text(prop['getcontenttype']),
        modifiedAt: modified && !Number.isNaN(modified.getTime()) ? modified.toISOString() : null,
        etag: text(prop['getetag'])?.replace(/^W\//, '').replace(/"/g, '') ?? null,
        email: text(prop['email-address']),
        principal: principal && typeof principal === 'object' ? text(principal['href']) : null,
      };
    });
  }

  /** The children of a collection (the collection itself left out). */
  private async children(parts: readonly string[]): Promise<DavEntry[]> {
    const all = await this.propfind(parts, '1');
    const self = parts.length === 0 ? '' : `/${parts.join('/')}`;
    return all
      .filter((e) => e.path !== self)
      .sort((a, b) => (a.collection === b.collection ? a.name.localeCompare(b.name) : a.collection ? -1 : 1));
  }

  private projectParts(project: PartnerProjectRef): string[] {
    return [nameSegment(project.customerId, 'customerId'), nameSegment(project.projectId, 'projectId')];
  }

  async accountEmail(): Promise<string | null> {
    const [root] = await this.propfind([], '0', ACCOUNT_BODY);
    if (root?.email) return root.email;
    if (!root?.principal) return null;
    // Nextcloud and ownCloud keep the address on the user's principal.
    const [principal] = await this.propfind(
      [],
      '0',
      ACCOUNT_BODY,
      new URL(root.principal, this.root).toString(),
    );
    return principal?.email ?? null;
  }

  async customers(): Promise<PartnerCustomer[]> {
    return (await this.children([])).filter((e) => e.collection).map((e) => ({ id: e.name, name: e.name }));
  }

  async projects(customerId: string): Promise<PartnerProject[]> {
    return (await this.children([nameSegment(customerId, 'customerId')]))
      .filter((e) => e.collection)
      .map((e) => ({ id: e.name, name: e.name, customerId }));
  }

  async folder(project: PartnerProjectRef, folderId: string): Promise<PartnerFolder> {
    const parts = segments(folderId);
    const [self] = await this.propfind([...this.projectParts(project), ...parts], '0');
    if (!self?.collection) throw new AppError('NOT_FOUND');
    return {
      id: parts.length === 0 ? '/' : `/${parts.join('/')}`,
      name: parts.length === 0 ? project.projectId : (parts.at(-1) ?? ''),
      parentId: parts.length === 0 ? null : parts.length === 1 ? '/' : `/${parts.slice(0, -1).join('/')}`,
    };
  }

  async folderItems(project: PartnerProjectRef, folderId: string): Promise<PartnerFolderItem[]> {
    const parts = segments(folderId);
    const prefix = parts.length === 0 ? '' : `/${parts.join('/')}`;
    return (await this.children([...this.projectParts(project), ...parts])).map((e) =>
      e.collection
        ? { type: 'folder', id: `${prefix}/${e.name}`, name: e.name, modifiedAt: e.modifiedAt }
        : {
            type: 'file',
            id: `${prefix}/${e.name}`,
            name: e.name,
            size: e.size,
            mimeType: e.mimeType,
            modifiedAt: e.modifiedAt,
          },
    );
  }

  async file(project: PartnerProjectRef, folderId: string | null, fileId: string): Promise<PartnerFile> {
    const parts = segments(fileId);
    // Without a folder, the file's own (its path without its name).
    const folder = folderId === null ? parts.slice(0, -1) : segments(folderId);
    // The file must be in the folder named with it.
    if (parts.length !== folder.length + 1 || folder.some((p, i) => parts[i] !== p))
      throw new AppError('NOT_FOUND');
    const [self] = await this.propfind([...this.projectParts(project), ...parts], '0');
    if (!self || self.collection) throw new AppError('NOT_FOUND');
    return {
      id: `/${parts.join('/')}`,
      name: self.name || (parts.at(-1) ?? ''),
      folderId: folder.length === 0 ? '/' : `/${folder.join('/')}`,
      size: self.size,
      mimeType: self.mimeType,
      modifiedAt: self.modifiedAt,
      versions: [
        {
          id: self.etag ?? 'current',
          number: 1,
          size: self.size,
          mimeType: self.mimeType,
          modifiedAt: self.modifiedAt,
        },
      ],
    };
  }

  async download(project: PartnerProjectRef, fileId: string, versionId?: string): Promise<PartnerDownload> {
    const parts = segments(fileId);
    if (parts.length === 0) throw new AppError('NOT_FOUND');
    const { response, body } = await platformDownload(
      this.url([...this.projectParts(project), ...parts], false),
      {
        method: 'GET',
        headers: this.headers(versionId && versionId !== 'current' ? { 'if-match': `"${versionId}"` } : {}),
        timeoutMs: this.timeoutMs,
      },
    );
    // 412: the version asked for is no longer the current one (WebDAV keeps one).
    if (response.status === 412) throw new AppError('NOT_FOUND', { reason: 'version' });
    if (!response.ok) throw platformStatusError(response.status);
    const length = response.headers.get('content-length');
    return {
      name: parts.at(-1) ?? 'file',
      size: length === null ? null : Number(length),
      mimeType: response.headers.get('content-type'),
      body,
    };
  }

  refresh(): Promise<PartnerCredentials | undefined> {
    return Promise.resolve(undefined);
  }

  /** WebDAV has no revocation: the app password is forgotten by Obra (the user revokes it in Nextcloud). */
  revoke(): Promise<void> {
    return Promise.resolve();
  }

  viewerToken(): Promise<{ accessToken: string; expiresIn: number }> {
    return Promise.reject(new AppError('INTEGRATION_NOT_SUPPORTED', { platform: 'webdav' }));
  }
}
