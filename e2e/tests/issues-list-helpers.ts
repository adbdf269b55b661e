import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { IssueWorld } from './issue-view-helpers.ts';
import { gql } from './project-helpers.ts';

/** What a test issue varies; the rest is a valid public issue of the world's project. */
export interface IssueSeed {
  title: string;
  description?: string;
  priority?: string;
  visibility?: string;
  /** Status of both disciplines (todo keeps the issue active; done resolves it). */
  disciplineStatus?: string;
}

/** Creates issues as the owner, in order, and returns their ids. */
export async function createIssues(
  request: APIRequestContext,
  world: IssueWorld,
  seeds: readonly IssueSeed[],
): Promise<number[]> {
  // A resolved issue needs a resolution phase; the creation phase stands in for it.
  const project = await gql<{ projectData: { phases: { id: number; active: boolean }[] } }>(
    request,
    world.owner.token,
    'query($p: Int!) { projectData(projectId: $p) { phases { id active } } }',
    { p: world.projectId },
  );
  const phase = project.projectData.phases.find((p) => p.active)?.id ?? null;
  const ids: number[] = [];
  for (const seed of seeds) {
    const status = seed.disciplineStatus ?? 'todo';
    const data = await gql<{ createIssue: { id: number } }>(
      request,
      world.owner.token,
      `mutation($p: Int!, $t: String, $ds: String, $pr: String, $v: String, $d: [IssueDisciplineInput!], $pin: JSON, $ph: Int) {
        createIssue(projectId: $p, title: $t, description: $ds, status: "active", priority: $pr, visibility: $v, disciplines: $d,
          pin: $pin, creationPhase: $ph) { id } }`,
      {
        p: world.projectId,
        t: seed.title,
        ds: seed.description ?? null,
        pr: seed.priority ?? 'medium',
        v: seed.visibility ?? 'public',
        d: [
          { disciplineId: world.disciplineIds[0], status },
          { disciplineId: world.disciplineIds[1], status },
        ],
        pin: { x: 100, y: 100, color: 'red', image: null },
        ph: phase,
      },
    );
    ids.push(data.createIssue.id);
  }
  return ids;
}

/** Opens the project's issue list and waits until every page has loaded. */
export async function openIssueList(page: Page, projectId: number, query = ''): Promise<void> {
  await page.goto(`/workspace/project/${projectId}/issues${query}`);
  await expect(page.getByTestId('issues-page')).toBeVisible();
  await expect(page.getByTestId('issue-list-complete')).toBeAttached();
}

/** The count a standard filter tab shows. */
export function tabCount(page: Page, filter: string) {
  return page.getByTestId(`filter-count-${filter}`);
}

/** The codes of the rows in sight, top to bottom. */
export async function shownTitles(page: Page): Promise<string[]> {
  return page.getByTestId('issue-row').getByTestId('issue-title').allTextContents();
}
