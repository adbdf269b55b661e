import { AppError } from '@obra/domain';
import type { ApsConfig } from '../../config.ts';
import type {
  DocumentPlatformConnector,
  PartnerCredentials,
  PartnerCustomer,
  PartnerDownload,
  PartnerFile,
  PartnerFileVersion,
  PartnerFolder,
  PartnerFolderItem,
  PartnerProject,
  PartnerProjectRef,
} from './connector.ts';
import {
  parseTokenSet,
  refreshApsTokens,
  revokeApsTokens,
  tokenCredentials,
  type ApsTokenSet,
} from './aps-oauth.ts';
import { platformDownload, platformFetch, platformStatusError, platformText } from './platform-http.ts';

/** A JSON:API resource of the Data Management API (fixtures/aps/datamanagement.yaml), as far as Obra reads it. */
interface Resource {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { id?: string; type?: string } | null } | undefined>;
}
interface Document {
  data?: Resource | Resource[];
  included?: Resource[];
  links?: { next?: { href?: string } };
}

/** At most this many pages of a paged list (200 entries each) are read. */
const MAX_PAGES = 50;
const PAGE_LIMIT = 200;

/** A hub or project id (`b.<uuid>`, `a.<base64>`): no slash, nothing that could change the call's path. */
function plainId(value: string, field: string): string {
  if (!/^[A-Za-z0-9._~:=-]{1,200}$/.test(value)) throw new AppError('BAD_USER_INPUT', { field });
  return value;
}

/** A folder, item or version URN (`urn:adsk.wipprod:fs.folder:co.…`, `…:fs.file:vf.…?version=2`). */
function urn(value: string, field: string): string {
  if (!/^urn:[A-Za-z0-9][A-Za-z0-9._~:=?%-]{0,1000}$/.test(value))
    throw new AppError('BAD_USER_INPUT', { field });
  return value;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const integer = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const time = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const relation = (r: Resource, name: string): string | null => text(r.relationships?.[name]?.data?.id);
const nameOf = (r: Resource): string =>
  text(r.attributes?.['displayName']) ?? text(r.attributes?.['name']) ?? r.id;
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

function version(r: Resource): PartnerFileVersion {
  const a = r.attributes ?? {};
  return {
    id: r.id,
    number: integer(a['versionNumber']) ?? 0,
    size: integer(a['storageSize']),
    mimeType: text(a['mimeType']),
    modifiedAt: time(a['lastModifiedTime']) ?? time(a['createTime']),
  };
}

/**
 * Autodesk Platform Services (Autodesk Docs, ACC, BIM 360) through its Data Management API: hubs are Obra's
 * "customers", then the hub's projects, their top folders (the root `/`), folders, items (files) and their versions;
 * a version's bytes come from the signed S3 address of its OSS object. Every call carries the user's three-legged
 * token in the Authorization header; the client secret only goes to the token endpoints (aps-oauth.ts).
 */
export class ApsConnector implements DocumentPlatformConnector {
  readonly platform = 'aps' as const;
  private readonly tokens: ApsTokenSet;

  constructor(
    private readonly aps: ApsConfig,
    private readonly credentials: PartnerCredentials,
    private readonly timeoutMs: number,
  ) {
    this.tokens = parseTokenSet(credentials.secret);
  }

  private async get(url: string): Promise<Document> {
    const response = await platformFetch(url, {
      method: 'GET',
      headers: {
        authorization: `Bearer ${this.tokens.access}`,
        accept: 'application/vnd.api+json, application/json',
      },
      timeoutMs: this.timeoutMs,
    });
    const body = await platformText(response, this.timeoutMs);
    if (!response.ok) throw platformStatusError(response.status);
    try {
      const parsed = JSON.parse(body) as unknown;
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      return parsed as Document;
    } catch {
      throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'json' });
    }
  }

  private async one(path: string): Promise<{ data: Resource; included: Resource[] }> {
    const doc = await this.get(`${this.aps.baseUrl}${path}`);
    if (!doc.data || Array.isArray(doc.data))
      throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'shape' });
    return { data: doc.data, included: doc.included ?? [] };
  }

  /** Every page of a list (page[number] from 0 while the answer has a `next` link). */
  private async list(path: string, paged: boolean): Promise<{ data: Resource[]; included: Resource[] }> {
    const data: Resource[] = [];
    const included: Resource[] = [];
    for (let page = 0; page < (paged ? MAX_PAGES : 1); page++) {
      const query = paged ? `?page%5Bnumber%5D=${page}&page%5Blimit%5D=${PAGE_LIMIT}` : '';
      const doc = await this.get(`${this.aps.baseUrl}${path}${query}`);
      if (!Array.isArray(doc.data)) throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'shape' });
      data.push(...doc.data);
      included.push(...(doc.included ?? []));
      if (!doc.links?.next?.href) break;
    }
    return { data, included };
  }

  private projectPath(project: PartnerProjectRef): { hub: string; project: string } {
    return {
      hub: encodeURIComponent(plainId(project.customerId, 'customerId')),
      project: encodeURIComponent(plainId(project.projectId, 'projectId')),
    };
  }

  /** The account's e-mail and name (the OpenID userinfo endpoint; the token has `user-profile:read`). */
  async profile(): Promise<{ email: string | null; name: string | null }> {
    const response = await platformFetch(this.aps.userinfoUrl, {
      method: 'GET',
      headers: { authorization: `Bearer ${this.tokens.access}`, accept: 'application/json' },
      timeoutMs: this.timeoutMs,
    });
    const body = await platformText(response, this.timeoutMs);
    if (!response.ok) throw platformStatusError(response.status);
    let info: Record<string, unknown>;
    try {
      info = JSON.parse(body) as Record<string, unknown>;
    } catch {
      throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'json' });
    }
    return {
      email: text(info['email']),
      name: text(info['preferred_username']) ?? text(info['name']),
    };
  }

  async accountEmail(): Promise<string | null> {
    return (await this.profile()).email;
  }

  async customers(): Promise<PartnerCustomer[]> {
    const { data } = await this.list('/project/v1/hubs', false);
    return data
      .filter((r) => r.type === 'hubs')
      .map((r) => ({ id: r.id, name: nameOf(r) }))
      .sort(byName);
  }

  async projects(customerId: string): Promise<PartnerProject[]> {
    const hub = encodeURIComponent(plainId(customerId, 'customerId'));
    const { data } = await this.list(`/project/v1/hubs/${hub}/projects`, true);
    return data
      .filter((r) => r.type === 'projects')
      .map((r) => ({ id: r.id, name: nameOf(r), customerId }))
      .sort(byName);
  }

  private async topFolders(project: PartnerProjectRef): Promise<Resource[]> {
    const p = this.projectPath(project);
    const { data } = await this.list(`/project/v1/hubs/${p.hub}/projects/${p.project}/topFolders`, false);
    return data.filter((r) => r.type === 'folders' && r.attributes?.['hidden'] !== true);
  }

  /**
   * The root `/` is the project (its top folders, those the user may see); a folder's parent is `/` when it is one
   * of them, else the folder above.
   */
  async folder(project: PartnerProjectRef, folderId: string): Promise<PartnerFolder> {
    const p = this.projectPath(project);
    if (folderId === '/') {
      const { data } = await this.one(`/project/v1/hubs/${p.hub}/projects/${p.project}`);
      return { id: '/', name: nameOf(data), parentId: null };
    }
    const id = encodeURIComponent(urn(folderId, 'folderId'));
    const [{ data }, tops] = await Promise.all([
      this.one(`/data/v1/projects/${p.project}/folders/${id}`),
      this.topFolders(project),
    ]);
    if (data.type !== 'folders') throw new AppError('NOT_FOUND');
    const top = tops.some((t) => t.id === data.id);
    return { id: data.id, name: nameOf(data), parentId: top ? '/' : (relation(data, 'parent') ?? '/') };
  }

  async folderItems(project: PartnerProjectRef, folderId: string): Promise<PartnerFolderItem[]> {
    const p = this.projectPath(project);
    if (folderId === '/')
      return (await this.topFolders(project))
        .map((r): PartnerFolderItem => ({
          type: 'folder',
          id: r.id,
          name: nameOf(r),
          modifiedAt: time(r.attributes?.['lastModifiedTime']),
        }))
        .sort(byName);
    const id = encodeURIComponent(urn(folderId, 'folderId'));
    const { data, included } = await this.list(`/data/v1/projects/${p.project}/folders/${id}/contents`, true);
    const versions = new Map(included.filter((r) => r.type === 'versions').map((r) => [r.id, r]));
    const visible = data.filter((r) => r.attributes?.['hidden'] !== true);
    const folders = visible
      .filter((r) => r.type === 'folders')
      .map((r): PartnerFolderItem => ({
        type: 'folder',
        id: r.id,
        name: nameOf(r),
        modifiedAt: time(r.attributes?.['lastModifiedTime']),
      }));
    const files = visible
      .filter((r) => r.type === 'items')
      .map((r): PartnerFolderItem => {
        const tipId = relation(r, 'tip');
        const tip = tipId ? versions.get(tipId) : undefined;
        const v = tip ? version(tip) : undefined;
        return {
          type: 'file',
          id: r.id,
          name: nameOf(r),
          size: v?.size ?? null,
          mimeType: v?.mimeType ?? null,
          modifiedAt: time(r.attributes?.['lastModifiedTime']) ?? v?.modifiedAt ?? null,
        };
      });
    return [...folders.sort(byName), ...files.sort(byName)];
  }

  /** An item with its versions (newest first); with a folder, the item must be in it. */
  async file(project: PartnerProjectRef, folderId: string | null, fileId: string): Promise<PartnerFile> {
    const p = this.projectPath(project);
    const id = encodeURIComponent(urn(fileId, 'fileId'));
    if (folderId !== null && folderId !== '/') urn(folderId, 'folderId');
    const [{ data: item, included }, { data: all }] = await Promise.all([
      this.one(`/data/v1/projects/${p.project}/items/${id}`),
      this.list(`/data/v1/projects/${p.project}/items/${id}/versions`, true),
    ]);
    if (item.type !== 'items') throw new AppError('NOT_FOUND');
    const parent = relation(item, 'parent');
    if (folderId !== null && parent !== folderId) throw new AppError('NOT_FOUND');
    const versions = all
      .filter((r) => r.type === 'versions')
      .map(version)
      .sort((a, b) => b.number - a.number);
    const tipId = relation(item, 'tip');
    const tip =
      versions.find((v) => v.id === tipId) ?? included.filter((r) => r.id === tipId).map(version)[0];
    return {
      id: item.id,
      name: nameOf(item),
      folderId: parent ?? '/',
      size: tip?.size ?? null,
      mimeType: tip?.mimeType ?? null,
      modifiedAt: time(item.attributes?.['lastModifiedTime']) ?? tip?.modifiedAt ?? null,
      versions,
    };
  }

  /**
   * A version's bytes (the item's tip without `versionId`): the version's storage (an OSS object
   * `urn:adsk.objects:os.object:<bucket>/<object>`), a signed S3 address for it, then the bytes from that address
   * without Obra's token (the address carries its own signature).
   */
  async download(project: PartnerProjectRef, fileId: string, versionId?: string): Promise<PartnerDownload> {
    const p = this.projectPath(project);
    const item = encodeURIComponent(urn(fileId, 'fileId'));
    let target: Resource;
    if (versionId) {
      const { data } = await this.one(
        `/data/v1/projects/${p.project}/versions/${encodeURIComponent(urn(versionId, 'versionId'))}`,
      );
      // A version of another item is not this file's.
      if (data.type !== 'versions' || relation(data, 'item') !== fileId)
        throw new AppError('NOT_FOUND', { reason: 'version' });
      target = data;
    } else {
      const { data, included } = await this.one(`/data/v1/projects/${p.project}/items/${item}`);
      const tipId = relation(data, 'tip');
      const tip = included.find((r) => r.type === 'versions' && r.id === tipId);
      if (!tipId) throw new AppError('NOT_FOUND', { reason: 'version' });
      target =
        tip ?? (await this.one(`/data/v1/projects/${p.project}/versions/${encodeURIComponent(tipId)}`)).data;
    }
    const storage = relation(target, 'storage');
    const object = storage ? /^urn:adsk\.objects:os\.object:([^/]+)\/(.+)$/.exec(storage) : null;
    if (!object) throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'storage' });
    const signed = (await this.get(
      `${this.aps.baseUrl}/oss/v2/buckets/${encodeURIComponent(object[1]!)}/objects/${encodeURIComponent(object[2]!)}/signeds3download`,
    )) as { status?: unknown; url?: unknown; size?: unknown };
    const url = text(signed.url);
    if (signed.status !== 'complete' || !url || !/^https?:\/\//.test(url))
      throw new AppError('INTEGRATION_PLATFORM_ERROR', { reason: 'signed-url' });
    const { response, body } = await platformDownload(url, { method: 'GET', timeoutMs: this.timeoutMs });
    if (!response.ok) throw platformStatusError(response.status);
    const length = response.headers.get('content-length');
    const v = version(target);
    return {
      name: text(target.attributes?.['name']) ?? nameOf(target),
      size: length === null ? (integer(signed.size) ?? v.size) : Number(length),
      mimeType: v.mimeType ?? response.headers.get('content-type'),
      body,
    };
  }

  /** Both access tokens anew (the refresh token is single-use: the answer's replaces it). */
  async refresh(): Promise<PartnerCredentials | undefined> {
    const tokens = await refreshApsTokens(this.aps, this.tokens, this.timeoutMs);
    return tokenCredentials(this.credentials.accountName, tokens);
  }

  revoke(): Promise<void> {
    return revokeApsTokens(this.aps, this.tokens, this.timeoutMs);
  }

  /** The viewer's token: `viewables:read` only (it can show a model's derivatives, not read or change data). */
  viewerToken(): Promise<{ accessToken: string; expiresIn: number }> {
    const expiresIn = Math.floor((this.tokens.viewerExpiresAt - Date.now()) / 1000);
    if (expiresIn <= 0)
      return Promise.reject(new AppError('INTEGRATION_NOT_CONNECTED', { what: 'user', reason: 'expired' }));
    return Promise.resolve({ accessToken: this.tokens.viewer, expiresIn });
  }
}
