import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSeeIssue, ISSUE_VISIBILITIES, type IssueVisibility } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  CREATE_ISSUE,
  createIssueAs,
  draft,
  type IssueWorld,
  ISSUE_VISIBILITY_MATRIX,
  viewerOf,
} from './issue-test-kit.ts';
import { clearNotifications } from './comment-test-kit.ts';
import { ISSUE_CHANGED, subscribeAs, untilLive, type LiveSubscription } from './subscription-test-kit.ts';

let t: TestServer;
let w: IssueWorld;
const issueByVisibility = new Map<IssueVisibility, number>();
const pushed = new Map<string, Set<number>>();

const EXPECTED: Record<string, readonly boolean[]> = ISSUE_VISIBILITY_MATRIX;
const VIEWERS = Object.keys(EXPECTED);
const CREATE_MENTIONING = CREATE_ISSUE.replace(
  '$bimPins: JSON)',
  '$bimPins: JSON, $mentionedUsers: [Int!])',
).replace('bimPins: $bimPins)', 'bimPins: $bimPins, mentionedUsers: $mentionedUsers)');

const viewer = (name: string): TestUser => viewerOf(w, name);

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  const subscriptions = new Map<string, LiveSubscription<{ issueId: number }>>();
  for (const name of VIEWERS)
    subscriptions.set(
      name,
      await subscribeAs(t, viewer(name), ISSUE_CHANGED, { projectId: w.projectId }, 'projectIssueChanged'),
    );
  await untilLive([...subscriptions.values()], async () => {
    await createIssueAs(t, w.creator, draft(w, { title: 'aquecimento' }));
  });
  await clearNotifications(t);
  const others = [w.groupMember, w.coordinator, w.collaboratorSame, w.collaboratorOther].map((u) => u.id);
  for (const visibility of ISSUE_VISIBILITIES) {
    const data = await call<{ createIssue: { id: number } }>(t, w.creator, CREATE_MENTIONING, {
      ...draft(w, { visibility, groupId: w.groupId, title: `Issue ${visibility}` }),
      mentionedUsers: others,
    });
    issueByVisibility.set(visibility, data.createIssue.id);
  }
  const sentinel = await createIssueAs(t, w.creator, draft(w, { title: 'fim' }));
  for (const [name, s] of subscriptions) {
    await s.waitFor((e) => e.issueId === sentinel);
    pushed.set(name, new Set(s.events.map((e) => e.issueId)));
    await s.close();
  }
});
afterAll(async () => {
  await t.close();
});

describe('issue visibility in subscriptions and notifications', () => {
  it.each(VIEWERS)('%s is pushed, and told of, exactly the issues canSeeIssue allows', async (name) => {
    const user = viewer(name);
    const result = await t.server.services.database.db.execute(
      sql`select issue_id from issue_notifications where user_id = ${user.id}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      issue_id: number;
    }[];
    const marked = new Set(rows.map((r) => Number(r.issue_id)));
    const expected = EXPECTED[name] ?? [];
    for (const [index, visibility] of ISSUE_VISIBILITIES.entries()) {
      const id = issueByVisibility.get(visibility) ?? 0;
      const sees = expected[index] ?? false;
      const actor = {
        userId: user.id,
        manageDisciplines: name === 'creator' || name === 'coordinator',
        groupIds: name === 'groupMember' ? [w.groupId] : [],
      };
      expect(canSeeIssue(actor, { visibility, createdByUserId: w.creator.id, groupId: w.groupId })).toBe(
        sees,
      );
      expect([visibility, 'subscription', pushed.get(name)?.has(id)]).toEqual([
        visibility,
        'subscription',
        sees,
      ]);
      // Everyone but the creator (the actor) was mentioned: marked exactly where the issue may be seen.
      expect([visibility, 'notification', marked.has(id)]).toEqual([
        visibility,
        'notification',
        sees && name !== 'creator',
      ]);
    }
  });
});
