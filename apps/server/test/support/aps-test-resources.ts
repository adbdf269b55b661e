import path from 'node:path';

// The JSON:API resources of the local APS (aps-test-server.ts), shaped as Autodesk's Data Management descriptions
// say: folders, items, versions, projects, and a page of a list with its `next` link.

/* The test platform's content, as a test describes it. */
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

/** When every test resource was made and last changed (a version adds its number of minutes). */
export const TIME = '2026-03-02T10:15:00.000Z';

/** A folder or an item (a file) of the test platform, with its versions' bytes, oldest first. */
export interface Node {
  kind: 'folder' | 'item';
  id: string;
  name: string;
  projectId: string;
  parentId: string;
  children: string[];
  versions: { id: string; number: number; bytes: Buffer; objectKey: string }[];
}

/** The resource builders, given the server's address (known once it listens) and each project's root folder. */
export function apsResources(ctx: {
  origin: () => string;
  rootOf: (projectId: string) => string | undefined;
  pageSize: number;
}) {
  const link = (p: string) => ({ href: `${ctx.origin()}${p}` });
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
          meta: { link: link(`/data/v1/projects/${project.id}/folders/${ctx.rootOf(project.id)}`) },
          data: { type: 'folders', id: ctx.rootOf(project.id)! },
        },
        topFolders: related(`${p}/topFolders`),
      },
    };
  };

  const page = <T>(all: T[], query: URLSearchParams, self: string) => {
    const number = Number(query.get('page[number]') ?? 0);
    const limit = Math.min(Number(query.get('page[limit]') ?? ctx.pageSize), ctx.pageSize);
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

  return { link, extension, related, folderResource, versionResource, itemResource, projectResource, page };
}
