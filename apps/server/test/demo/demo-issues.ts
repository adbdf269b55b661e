import { describe, expect, it, vi } from 'vitest';
import { DISCIPLINE_STATUSES, ISSUE_VISIBILITIES } from '@obra/domain';
import type { SeededDemo } from '../support/seeded-demo.ts';
import type { DemoUser } from '../../src/seed/demo-seed-step.ts';
import { DEMO_ISSUE_COUNT } from '../../src/seed/demo-issues.ts';

// The lived-in demo (issue 12): a newcomer's first start shows the product working.
/** The demo server of demo.test.ts, which every test of this file reads. */
let seeded: SeededDemo;

const demo = (role: string) => seeded.user(role);
const query = <T>(user: DemoUser, text: string, variables: Record<string, unknown> = {}) =>
  seeded.query<T>(user, text, variables);

interface ListedIssue {
  id: number;
  title: string;
  status: string;
  visibility: string;
  deadline: string | null;
  createdAt: string;
  createdByUserId: number;
  pin: { x: number; y: number; image: { index: number } } | null;
  bimPins: { guid: string }[] | null;
  disciplines: { status: string; deadline: string | null }[];
  locals: { localId: number }[];
  userPersonalData: { starred: boolean };
  notificationsSummary: { count: number };
  images: { title: string; markUp: unknown; markedUp: string; original: string }[];
  comments: { message: string | null; mentionedUsers: number[]; visibility: string }[];
  history: { entityType: string }[];
}

const LIST = `query($p: Int!, $after: String) { getIssues(projectId: $p, first: 100, after: $after,
  includeImages: true, includeComments: true,
  includeHistory: true) { issues { id title status visibility deadline createdAt createdByUserId pin bimPins
  disciplines { status deadline } locals { localId } userPersonalData { starred }
  notificationsSummary { count }
  images { title markUp markedUp original } comments { message mentionedUsers visibility } history { entityType } }
  pageInfo { hasNextPage endCursor } } }`;

async function issuesOf(role: string): Promise<ListedIssue[]> {
  const user = demo(role);
  const found: ListedIssue[] = [];
  let after: string | null = null;
  for (;;) {
    const data: {
      getIssues: { issues: ListedIssue[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    } = await query(user, LIST, { p: user.projectIds[0], after });
    found.push(...data.getIssues.issues);
    if (!data.getIssues.pageInfo.hasNextPage) return found;
    after = data.getIssues.pageInfo.endCursor;
  }
}

/** Registers this file's tests on the one seeded demo of demo.test.ts. */
export function demoIssuesTests(shared: SeededDemo): void {
  seeded = shared;
  describe('the lived-in demo project', () => {
    it('has about 150 issues in every status and per-discipline status, with pins, locations and late deadlines', async () => {
      const all = await issuesOf('manager');
      // The manager sees every issue but other people's drafts.
      expect(all.length).toBeGreaterThan(DEMO_ISSUE_COUNT * 0.9);
      expect(new Set(all.map((i) => i.status))).toEqual(new Set(['active', 'resolved', 'reproved']));
      const disciplineStatuses = new Set(all.flatMap((i) => i.disciplines.map((d) => d.status)));
      for (const s of DISCIPLINE_STATUSES) expect(disciplineStatuses, s.key).toContain(s.key);
      // Every issue is pinned: on its image, with a location, or (the few raised in the federated model) on an
      // element in 3D.
      const in3d = all.filter((i) => Array.isArray(i.bimPins) && i.bimPins.length > 0);
      expect(in3d.length).toBeGreaterThanOrEqual(3);
      expect(in3d.every((i) => /^[0-9A-Za-z_$]{22}$/.test(i.bimPins?.[0]?.guid ?? ''))).toBe(true);
      expect(
        all
          .filter((i) => !in3d.includes(i))
          .every((i) => i.pin !== null && i.locals.length > 0 && i.images.length > 0),
      ).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      const late = all.filter((i) => i.status === 'active' && i.deadline !== null && i.deadline < today);
      expect(late.length).toBeGreaterThan(5);
      // Raised over the last months, not all at once.
      const ages = all.map((i) => (Date.now() - Date.parse(i.createdAt)) / 86_400_000);
      expect(Math.max(...ages)).toBeGreaterThan(60);
      expect(Math.min(...ages)).toBeLessThan(7);
      // Titles read as real coordination problems, in Portuguese and English.
      expect(all.some((i) => /prumada|viga|pilar|shaft/i.test(i.title))).toBe(true);
      expect(all.some((i) => /clash|damper|schedule/i.test(i.title))).toBe(true);
    });

    it('uses every visibility, and drafts stay their creator’s', async () => {
      const managerView = await issuesOf('manager');
      const coordinatorView = await issuesOf('projectCoordinator');
      const partnerView = await issuesOf('partnerCollaborator');
      const seen = new Set([...managerView, ...coordinatorView, ...partnerView].map((i) => i.visibility));
      for (const v of ISSUE_VISIBILITIES) expect(seen, v).toContain(v);
      // A draft is seen by its creator only: no draft is in two people's lists.
      const drafts = (list: ListedIssue[]) =>
        new Set(list.filter((i) => i.visibility === 'creator').map((i) => i.id));
      const managerDrafts = drafts(managerView);
      expect([...drafts(coordinatorView)].some((id) => managerDrafts.has(id))).toBe(false);
      expect(managerDrafts.size + drafts(coordinatorView).size).toBeGreaterThan(0);
      // The partner (a collaborator company) sees less than the management.
      expect(partnerView.length).toBeLessThan(managerView.length);
      expect(partnerView.some((i) => i.visibility === 'project_management')).toBe(false);
    });

    it('has conversations with mentions, history, images with markup, stars and a few unread items', async () => {
      const all = await issuesOf('manager');
      const comments = all.flatMap((i) => i.comments);
      expect(comments.length).toBeGreaterThan(80);
      expect(comments.some((c) => c.mentionedUsers.length > 0 && /@\p{L}/u.test(c.message ?? ''))).toBe(true);
      expect(all.filter((i) => i.history.length > 1).length).toBeGreaterThan(60);
      const markedUp = all.flatMap((i) => i.images).filter((m) => m.markUp !== null);
      expect(markedUp.length).toBeGreaterThan(10);
      expect(markedUp.every((m) => m.markedUp !== m.original)).toBe(true);
      const starred = all.filter((i) => i.userPersonalData.starred);
      expect(starred.length).toBeGreaterThan(0);
      const unread = all.filter((i) => i.notificationsSummary.count > 0);
      expect(unread.length).toBeGreaterThan(0);
      expect(unread.length).toBeLessThan(all.length / 4);
    });

    it('fills the workspace counters of the demo users', async () => {
      for (const role of ['manager', 'collaborator', 'partnerAdmin']) {
        const data = await query<{ workspaceProjects: { pendencies: number; notifications: number }[] }>(
          demo(role),
          '{ workspaceProjects { pendencies notifications } }',
        );
        expect(data.workspaceProjects.length, role).toBe(1);
        expect(data.workspaceProjects[0]!.pendencies, role).toBeGreaterThan(0);
      }
    });

    it('gives the demo account a full 2024 retrospective (issue 33)', async () => {
      const RETRO = `{ retrospective { state interactions issuesCreated issuesResolved projects
      projectRanking { name interactions } overallTopPercent } }`;
      interface Retro {
        state: string;
        interactions: number;
        issuesCreated: number;
        issuesResolved: number;
        projects: number;
        projectRanking: { name: string; interactions: number }[];
        overallTopPercent: number;
      }
      const retro = await vi.waitFor(
        async () => {
          const r = (await query<{ retrospective: Retro }>(demo('demo'), RETRO)).retrospective;
          if (r.state === 'preparing') throw new Error('still preparing');
          return r;
        },
        { timeout: 20_000, interval: 200 },
      );
      // Eight issues raised and eight comments on the others' issues; the manager resolved every other one.
      expect(retro).toMatchObject({
        state: 'ready',
        interactions: 16,
        issuesCreated: 8,
        issuesResolved: 8,
        projects: 1,
      });
      expect(retro.projectRanking).toEqual([{ name: expect.any(String), interactions: 16 }]);
      expect(retro.overallTopPercent).toBeGreaterThan(0);
    });
  });
}
