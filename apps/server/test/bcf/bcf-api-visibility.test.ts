// The BCF-API 3.0 server answers only what the caller may see (docs/permissions.md): topics of each visibility,
// their comments, viewpoints and events, and a comment only its author sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_VISIBILITIES } from '@obra/domain';
import type { TestServer } from '../support/test-server.ts';
import { createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';
import {
  bcf,
  COLLABORATION as S,
  startBcfApiWorld,
  TOPICS,
  valid,
  type BcfTopic as Topic,
} from './bcf-api-kit.ts';

let t: TestServer;
let w: IssueWorld;
let base: string;

beforeAll(async () => {
  ({ t, w, base } = await startBcfApiWorld());
});
afterAll(async () => {
  await t.close();
});

describe('visibility over the API', () => {
  it('never answers a topic, comment or event the caller may not see', async () => {
    const viewers = [
      'creator',
      'groupMember',
      'coordinator',
      'collaboratorSame',
      'collaboratorOther',
    ] as const;
    const sees: Record<(typeof viewers)[number], boolean[]> = {
      creator: [true, true, true, true, true],
      groupMember: [false, true, false, true, true],
      coordinator: [false, false, true, true, true],
      collaboratorSame: [false, false, false, false, true],
      collaboratorOther: [false, false, false, false, true],
    };
    const topics: { visibility: string; guid: string; title: string }[] = [];
    for (const visibility of ISSUE_VISIBILITIES) {
      const title = `Matrix ${visibility}`;
      await createIssueAs(t, w.creator, draft(w, { title, visibility, groupId: w.groupId }));
      const [found] = await valid<Topic[]>(
        t,
        w.creator,
        'GET',
        `${base}/topics?$filter=${encodeURIComponent(`title eq '${title}'`)}`,
        TOPICS,
      );
      if (!found) throw new Error(`no topic for ${visibility}`);
      topics.push({ visibility, guid: found.guid, title });
    }
    // A comment only its author sees, on the public topic.
    const publicTopic = topics.find((x) => x.visibility === 'public');
    if (!publicTopic) throw new Error('no public topic');
    const found = await t.server.services.database.executor.executeSql(
      'select id from issues where project_id = $1 and title = $2',
      [w.projectId, 'Matrix public'],
    );
    const issueId = (found.rows[0] as { id: number } | undefined)?.id;
    await call(t, w.creator, CREATE_COMMENT, {
      projectId: w.projectId,
      issueId,
      message: 'Private note',
      visibility: 'creator',
    });
    for (const viewer of viewers) {
      const user = w[viewer];
      const listed = new Set(
        (
          await valid<Topic[]>(
            t,
            user,
            'GET',
            `${base}/topics?$filter=${encodeURIComponent("contains(title,'Matrix')")}`,
            TOPICS,
          )
        ).map((x) => x.guid),
      );
      const events = new Set(
        (
          await valid<{ topic_guid: string }[]>(t, user, 'GET', `${base}/topics/events`, {
            schema: `${S}/Events/topic_event_GET.json`,
            list: true,
          })
        ).map((e) => e.topic_guid),
      );
      topics.forEach((topic, i) => {
        const expected = sees[viewer][i] ?? false;
        expect([viewer, topic.visibility, listed.has(topic.guid)]).toEqual([
          viewer,
          topic.visibility,
          expected,
        ]);
        // Events follow the history's own visibility (docs/permissions.md): never of a topic the viewer may
        // not see, and always of a public one.
        if (!expected)
          expect([viewer, topic.visibility, events.has(topic.guid)]).toEqual([
            viewer,
            topic.visibility,
            false,
          ]);
        if (topic.visibility === 'public') expect([viewer, events.has(topic.guid)]).toEqual([viewer, true]);
      });
      for (const [i, topic] of topics.entries()) {
        const answer = await bcf(t, user, 'GET', `${base}/topics/${topic.guid}`);
        expect([viewer, topic.visibility, answer.status]).toEqual([
          viewer,
          topic.visibility,
          sees[viewer][i] ? 200 : 404,
        ]);
        if (!sees[viewer][i]) {
          expect((await bcf(t, user, 'GET', `${base}/topics/${topic.guid}/comments`)).status).toBe(404);
          expect((await bcf(t, user, 'GET', `${base}/topics/${topic.guid}/viewpoints`)).status).toBe(404);
        }
      }
      const comments = await valid<{ comment: string }[]>(
        t,
        user,
        'GET',
        `${base}/topics/${publicTopic.guid}/comments`,
        {
          schema: `${S}/Comment/comment_GET.json`,
          list: true,
        },
      );
      expect([viewer, comments.some((c) => c.comment === 'Private note')]).toEqual([
        viewer,
        viewer === 'creator',
      ]);
      const commentEvents = await valid<{ topic_guid: string }[]>(
        t,
        user,
        'GET',
        `${base}/topics/comments/events`,
        {
          schema: `${S}/Events/comment_event_GET.json`,
          list: true,
        },
      );
      expect([viewer, commentEvents.filter((e) => e.topic_guid === publicTopic.guid).length]).toEqual([
        viewer,
        viewer === 'creator' ? 1 : 0,
      ]);
    }
    expect((await bcf(t, w.outsider, 'GET', `${base}/topics`)).status).toBe(404);
  });
});
