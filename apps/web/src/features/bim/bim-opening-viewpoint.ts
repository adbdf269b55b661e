import type { useClient } from 'urql';
import type { BcfViewpoint } from '@obra/domain';
import { BimIssueViewpointDocument } from '../../gql/generated.ts';
import { listViews, type BimViewTarget } from './bim-api.ts';
import { parseBimPins, viewerOfWorld } from './bim-viewpoint.ts';
import type { OpeningViewpoint } from './bim-load-order.ts';

/** Reads the viewpoint being opened, if any (null when there is none or it cannot be read). */
export async function openingViewpoint(input: {
  projectId: number;
  fileIds: number[];
  issueId: number | null;
  viewId: number | null;
  viewTarget: BimViewTarget | undefined;
  client: ReturnType<typeof useClient>;
}): Promise<OpeningViewpoint | null> {
  try {
    if (input.issueId !== null) {
      // The same query as the viewer's (urql answers both with one request).
      const answer = await input.client
        .query(BimIssueViewpointDocument, { projectId: input.projectId, issueId: input.issueId })
        .toPromise();
      const issue = answer.data?.issue;
      const viewpoint = Array.isArray(issue?.viewpoints)
        ? (issue.viewpoints[0] as BcfViewpoint | undefined)
        : undefined;
      if (!viewpoint) return null;
      const pin = parseBimPins(issue?.bimPins).find((p) => input.fileIds.includes(p.fileId));
      const focus = pin?.world ? viewerOfWorld(pin.world, [0, 0, 0]) : null;
      return { viewpoint, focus: focus ? { x: focus[0], y: focus[1], z: focus[2] } : undefined };
    }
    if (input.viewId !== null && input.viewTarget) {
      const view = (await listViews(input.projectId, input.viewTarget)).find((v) => v.id === input.viewId);
      return view ? { viewpoint: view.viewpoint, view: view.viewpoint } : null;
    }
  } catch {
    // The models load in the framed view's order.
  }
  return null;
}
