import type { BcfViewpoint } from '@obra/domain';
import { getAccessToken } from '../../lib/auth-token.ts';
import { RestError } from '../../lib/api-errors.ts';
import type { BimBounds } from './bim-load-order.ts';

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
  /** While the conversion is queued: its place in the queue (1 = next); null or absent otherwise. */
  queuePosition?: number | null;
  schema: string | null;
  elementCount: number | null;
  /** Where the model lies (docs/bim.md "Loading: nearest first"); null until the server knows. */
  bounds?: BimBounds | null;
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

async function bimFetch(
  projectId: number,
  path: string,
  options: { method?: string; body?: unknown; base?: 'models' | 'federated-models' | 'views' } = {},
): Promise<Response> {
  const token = getAccessToken();
  const response = await fetch(`/bim/projects/${projectId}/${options.base ?? 'models'}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
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

/** How much of a download has arrived (`total` null when the server did not say). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/**
 * Reads a response's body as it streams in, calling `onProgress` after each chunk, into one buffer (sized from
 * `content-length` when the server gives it).
 */
export async function readWithProgress(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress?.({ received: bytes.byteLength, total: total ?? bytes.byteLength });
    return bytes;
  }
  const reader = response.body.getReader();
  let buffer = new Uint8Array(total ?? 1 << 20);
  let received = 0;
  onProgress?.({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.byteLength > buffer.byteLength) {
      const grown = new Uint8Array(Math.max(buffer.byteLength * 2, received + value.byteLength));
      grown.set(buffer.subarray(0, received));
      buffer = grown;
    }
    buffer.set(value, received);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  onProgress?.({ received, total: received });
  return received === buffer.byteLength ? buffer : buffer.slice(0, received);
}

/** A model's fragments, streamed with their download progress. */
export async function getModelFragments(
  projectId: number,
  fileId: number,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<Uint8Array> {
  return readWithProgress(await bimFetch(projectId, `/${fileId}/fragments`), onProgress);
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

/** A federated model in the project's list. */
export interface FederatedSummary {
  id: number;
  name: string;
  modelCount: number;
  updatedAt: string;
}

/** A model of a federated model as the caller opens it (docs/bim.md). */
export interface FederatedItem {
  documentId: number;
  pinnedFileId: number | null;
  alwaysLatest: boolean;
  warning: 'ok' | 'notLatest' | 'fallback' | 'noAccess';
  revision: (BimModel & { isLatest: boolean }) | null;
}

export interface FederatedModel {
  id: number;
  name: string;
  items: FederatedItem[];
}

export async function listFederated(projectId: number): Promise<FederatedSummary[]> {
  const answer = (await (await bimFetch(projectId, '', { base: 'federated-models' })).json()) as {
    federatedModels: FederatedSummary[];
  };
  return answer.federatedModels;
}

export async function getFederated(projectId: number, id: number): Promise<FederatedModel> {
  return (await (await bimFetch(projectId, `/${id}`, { base: 'federated-models' })).json()) as FederatedModel;
}

export async function createFederated(
  projectId: number,
  input: { name: string; items: { documentId: number; fileId: number | null }[] },
): Promise<FederatedModel> {
  const response = await bimFetch(projectId, '', { base: 'federated-models', method: 'POST', body: input });
  return (await response.json()) as FederatedModel;
}

export async function deleteFederated(projectId: number, id: number): Promise<void> {
  await bimFetch(projectId, `/${id}`, { base: 'federated-models', method: 'DELETE' });
}

/** A saved view of the viewer (docs/bim.md "Saved views"): a name and a BCF viewpoint, shared in the project. */
export interface BimSavedView {
  id: number;
  name: string;
  documentId: number | null;
  federatedModelId: number | null;
  viewpoint: BcfViewpoint;
  createdByName: string | null;
  createdAt: string;
  canDelete: boolean;
}

/** What saved views belong to: a model document (all its revisions) or a federated model. */
export type BimViewTarget = { documentId: number } | { federatedModelId: number };

function targetQuery(target: BimViewTarget): string {
  return 'documentId' in target
    ? `?documentId=${target.documentId}`
    : `?federatedModelId=${target.federatedModelId}`;
}

export async function listViews(projectId: number, target: BimViewTarget): Promise<BimSavedView[]> {
  const response = await bimFetch(projectId, targetQuery(target), { base: 'views' });
  return ((await response.json()) as { views: BimSavedView[] }).views;
}

export async function createView(
  projectId: number,
  input: { name: string; viewpoint: BcfViewpoint } & BimViewTarget,
): Promise<BimSavedView> {
  const response = await bimFetch(projectId, '', { base: 'views', method: 'POST', body: input });
  return (await response.json()) as BimSavedView;
}

export async function deleteView(projectId: number, id: number): Promise<void> {
  await bimFetch(projectId, `/${id}`, { base: 'views', method: 'DELETE' });
}
