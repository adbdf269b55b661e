import { getAccessToken } from '../../lib/auth-token.ts';
import { RestError } from '../../lib/api-errors.ts';

/** The conversion state of a model revision (docs/bim.md). */
export type ProcessingState = 'pending' | 'queued' | 'processing' | 'success' | 'failed';

/** A model revision as GET /bim/projects/{id}/models answers it. */
export interface BimModel {
  fileId: number;
  documentId: number;
  documentName: string;
  fileName: string;
  revisionName: string;
  disciplineId: number | null;
  uploadedAt: string | null;
  processingState: ProcessingState;
  processingError: string | null;
  schema: string | null;
  elementCount: number | null;
}

/** A model revision with its document's revisions (GET …/models/{fileId}). */
export interface BimModelDetail extends BimModel {
  isLatest: boolean;
  revisions: BimModel[];
}

/** A node of a model's spatial tree (the properties file the conversion wrote). */
export interface BimTreeNode {
  id: number;
  cls: string;
  guid: string | null;
  name: string | null;
  spatial: boolean;
  children: BimTreeNode[];
}

export interface BimProperties {
  schema: string;
  elementCount: number;
  classes: Record<string, number>;
  tree: BimTreeNode;
}

async function bimFetch(projectId: number, path: string): Promise<Response> {
  const token = getAccessToken();
  const response = await fetch(`/bim/projects/${projectId}/models${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const code = typeof json?.['code'] === 'string' ? json['code'] : 'UNEXPECTED';
    const message = typeof json?.['message'] === 'string' ? json['message'] : `HTTP ${response.status}`;
    throw new RestError(code, message, response.status);
  }
  return response;
}

export async function listModels(projectId: number): Promise<BimModel[]> {
  const answer = (await (await bimFetch(projectId, '')).json()) as { models: BimModel[] };
  return answer.models;
}

export async function getModel(projectId: number, fileId: number): Promise<BimModelDetail> {
  return (await (await bimFetch(projectId, `/${fileId}`)).json()) as BimModelDetail;
}

export async function getModelProperties(projectId: number, fileId: number): Promise<BimProperties> {
  return (await (await bimFetch(projectId, `/${fileId}/properties`)).json()) as BimProperties;
}

export async function getModelFragments(projectId: number, fileId: number): Promise<ArrayBuffer> {
  return (await bimFetch(projectId, `/${fileId}/fragments`)).arrayBuffer();
}

/** Every node of a tree by express id. */
export function indexTree(root: BimTreeNode): Map<number, BimTreeNode> {
  const byId = new Map<number, BimTreeNode>();
  const walk = (node: BimTreeNode) => {
    byId.set(node.id, node);
    node.children.forEach(walk);
  };
  walk(root);
  return byId;
}

/** The ids of a node and all its descendants. */
export function subtreeIds(node: BimTreeNode): number[] {
  const ids: number[] = [];
  const walk = (n: BimTreeNode) => {
    ids.push(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return ids;
}
