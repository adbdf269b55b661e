import type { BcfViewpoint } from '@obra/domain';
import { api, type ApiAnswer, type ApiBody } from '../../lib/api/rest-client.ts';

/** A model revision as GET /bim/projects/{id}/models answers it (docs/bim.md). */
export type BimModel = ApiAnswer<'/bim/projects/{projectId}/models', 'get'>['models'][number];

/** The conversion state of a model revision (docs/bim.md). */
export type ProcessingState = BimModel['processingState'];

/** A model revision with its document's revisions (GET …/models/{fileId}). */
export type BimModelDetail = ApiAnswer<'/bim/projects/{projectId}/models/{fileId}', 'get'>;

/** The properties file of a model: its schema, element counts by class and spatial tree. */
type PropertiesAnswer = ApiAnswer<'/bim/projects/{projectId}/models/{fileId}/properties', 'get'>;

/**
 * A node of a model's spatial tree (the properties file the conversion wrote). The description names a node's
 * children as objects of the same shape; the recursion is closed here.
 */
export type BimTreeNode = Omit<PropertiesAnswer['tree'], 'children'> & { children: BimTreeNode[] };

export type BimProperties = Omit<PropertiesAnswer, 'tree'> & { tree: BimTreeNode };

export async function listModels(projectId: number): Promise<BimModel[]> {
  return (await api.get('/bim/projects/{projectId}/models', { path: { projectId } })).models;
}

export function getModel(projectId: number, fileId: number): Promise<BimModelDetail> {
  return api.get('/bim/projects/{projectId}/models/{fileId}', { path: { projectId, fileId } });
}

export async function getModelProperties(projectId: number, fileId: number): Promise<BimProperties> {
  const answer = await api.get('/bim/projects/{projectId}/models/{fileId}/properties', {
    path: { projectId, fileId },
  });
  // Every child of the tree is a node as its parent is (the conversion writes them so).
  return answer as BimProperties;
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
  // A binary answer (the fragments file): the raw response, for its streamed progress.
  const response = await api.raw.get('/bim/projects/{projectId}/models/{fileId}/fragments', {
    path: { projectId, fileId },
  });
  return readWithProgress(response, onProgress);
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
export type FederatedSummary = ApiAnswer<
  '/bim/projects/{projectId}/federated-models',
  'get'
>['federatedModels'][number];

/** A federated model with its models as the caller opens it (docs/bim.md). */
export type FederatedModel = ApiAnswer<'/bim/projects/{projectId}/federated-models/{federatedId}', 'get'>;

/** A model of a federated model. */
export type FederatedItem = FederatedModel['items'][number];

export async function listFederated(projectId: number): Promise<FederatedSummary[]> {
  return (await api.get('/bim/projects/{projectId}/federated-models', { path: { projectId } }))
    .federatedModels;
}

export function getFederated(projectId: number, id: number): Promise<FederatedModel> {
  return api.get('/bim/projects/{projectId}/federated-models/{federatedId}', {
    path: { projectId, federatedId: id },
  });
}

export function createFederated(
  projectId: number,
  input: ApiBody<'/bim/projects/{projectId}/federated-models', 'post'>,
): Promise<ApiAnswer<'/bim/projects/{projectId}/federated-models', 'post'>> {
  return api.post('/bim/projects/{projectId}/federated-models', { path: { projectId }, body: input });
}

export async function deleteFederated(projectId: number, id: number): Promise<void> {
  await api.delete('/bim/projects/{projectId}/federated-models/{federatedId}', {
    path: { projectId, federatedId: id },
  });
}

type SavedViewAnswer = ApiAnswer<'/bim/projects/{projectId}/views', 'get'>['views'][number];

/** A saved view of the viewer (docs/bim.md "Saved views"): a name and a BCF viewpoint, shared in the project. */
export type BimSavedView = Omit<SavedViewAnswer, 'viewpoint'> & { viewpoint: BcfViewpoint };

/** What saved views belong to: a model document (all its revisions) or a federated model. */
export type BimViewTarget = { documentId: number } | { federatedModelId: number };

/**
 * The view with its viewpoint typed: the route describes it as a JSON object, and stores what the viewer saved,
 * a BCF viewpoint (@obra/domain), as the viewer sends it (createView).
 */
function savedView(view: SavedViewAnswer): BimSavedView {
  return { ...view, viewpoint: view.viewpoint as unknown as BcfViewpoint };
}

export async function listViews(projectId: number, target: BimViewTarget): Promise<BimSavedView[]> {
  const answer = await api.get('/bim/projects/{projectId}/views', { path: { projectId }, query: target });
  return answer.views.map(savedView);
}

export async function createView(
  projectId: number,
  input: { name: string; viewpoint: BcfViewpoint } & BimViewTarget,
): Promise<BimSavedView> {
  const body = { ...input, viewpoint: input.viewpoint as unknown as Record<string, unknown> };
  const view = await api.post('/bim/projects/{projectId}/views', { path: { projectId }, body });
  return savedView(view);
}

export async function deleteView(projectId: number, id: number): Promise<void> {
  await api.delete('/bim/projects/{projectId}/views/{viewId}', { path: { projectId, viewId: id } });
}
