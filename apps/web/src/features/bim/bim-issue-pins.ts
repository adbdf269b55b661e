import { useMantineTheme } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useClient } from 'urql';
import { BimModelIssuesDocument, type BimModelIssuesQuery } from '../../gql/generated.ts';
import { statusLook } from '../issues/shared/indicator-model.ts';
import { parseBimPins, viewerOfWorld, type Coordination } from './bim-viewpoint.ts';

/** An issue pin drawn in the model. */
export interface IssueMarker {
  issueId: number;
  code: string;
  title: string;
  status: string;
  /** The status colour of the issues' screens (a CSS colour). */
  color: string;
  point: { x: number; y: number; z: number };
}

/** The most issues read for the pins (pages of 500). */
const MAX_ISSUES = 5000;

/**
 * The pins of the project's issues (the caller sees) on the models open in the viewer (any revision of their
 * documents), coloured by issue status as the issue screens colour it. A pin with its IFC world point is placed
 * through the viewer world's coordination offset; an older pin keeps its viewer point.
 */
export function useIssueMarkers(
  projectId: number,
  documentIds: number[],
  coordination: Coordination | null,
  refreshKey: unknown,
): IssueMarker[] {
  const client = useClient();
  const theme = useMantineTheme();
  const [issues, setIssues] = useState<
    { id: number; code: string; title: string; status: string; bimPins: unknown }[]
  >([]);
  const documentsKey = documentIds.join(',');

  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      const all: typeof issues = [];
      let after: string | null = null;
      do {
        const result: { data?: BimModelIssuesQuery | undefined } = await client
          .query(BimModelIssuesDocument, { projectId, after }, { requestPolicy: 'network-only' })
          .toPromise();
        const page: BimModelIssuesQuery['getIssues'] | undefined = result.data?.getIssues;
        if (!page || cancelled) return;
        all.push(...page.issues.filter((i) => Array.isArray(i.bimPins) && i.bimPins.length > 0));
        after = page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
      } while (after && all.length < MAX_ISSUES);
      if (!cancelled) setIssues(all);
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [client, projectId, refreshKey]);

  return useMemo(() => {
    if (!coordination) return [];
    const documents = new Set(documentsKey.split(',').map(Number));
    const markers: IssueMarker[] = [];
    for (const issue of issues)
      for (const pin of parseBimPins(issue.bimPins)) {
        if (!documents.has(pin.documentId)) continue;
        const color = statusLook(issue.status).color;
        const [x, y, z] =
          typeof pin.world?.x === 'number'
            ? viewerOfWorld(pin.world, coordination)
            : [pin.point.x, pin.point.y, pin.point.z];
        markers.push({
          issueId: issue.id,
          code: issue.code,
          title: issue.title,
          status: issue.status,
          color: theme.colors[color]?.[6] ?? color,
          point: { x, y, z },
        });
      }
    return markers;
  }, [issues, documentsKey, coordination, theme]);
}
