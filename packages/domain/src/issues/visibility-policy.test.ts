import { describe, expect, it } from 'vitest';
import { canSeeComment, canSeeIssue, commentGroupFor, type ProjectActor } from './visibility-policy.ts';

const CREATOR = 1;
const GROUP = 10;
const actors: Record<string, ProjectActor> = {
  creator: { userId: CREATOR, manageDisciplines: false, groupIds: [] },
  groupMember: { userId: 2, manageDisciplines: false, groupIds: [GROUP] },
  coordinator: { userId: 3, manageDisciplines: true, groupIds: [] },
  collaborator: { userId: 4, manageDisciplines: false, groupIds: [] },
};

// Who sees an issue of each visibility (the matrix of spec core §6 and editor §3.6).
const ISSUE_MATRIX: Record<string, string[]> = {
  creator: ['creator'],
  group: ['creator', 'groupMember'],
  project_management: ['creator', 'coordinator'],
  semi_public: ['creator', 'groupMember', 'coordinator'],
  public: ['creator', 'groupMember', 'coordinator', 'collaborator'],
  MANAGEMENT: ['creator', 'coordinator'],
  PUBLIC: ['creator', 'groupMember', 'coordinator', 'collaborator'],
  garbage: ['creator'],
};

describe('issue visibility', () => {
  for (const [visibility, expected] of Object.entries(ISSUE_MATRIX)) {
    it(`${visibility} is seen by ${expected.join(', ')}`, () => {
      const seenBy = Object.entries(actors)
        .filter(([, actor]) => canSeeIssue(actor, { visibility, createdByUserId: CREATOR, groupId: GROUP }))
        .map(([name]) => name);
      expect(seenBy).toEqual(expected);
    });
  }

  it('hides a group issue without a group from everyone but its creator', () => {
    expect(
      canSeeIssue(actors.groupMember!, { visibility: 'group', createdByUserId: CREATOR, groupId: null }),
    ).toBe(false);
  });
});

const COMMENT_MATRIX: Record<string, string[]> = {
  creator: ['creator'],
  group: ['creator', 'groupMember'],
  project_management: ['creator', 'coordinator'],
  public: ['creator', 'groupMember', 'coordinator', 'collaborator'],
};

describe('comment visibility', () => {
  const publicIssue = { visibility: 'public', createdByUserId: 99, groupId: null };

  for (const [visibility, expected] of Object.entries(COMMENT_MATRIX)) {
    it(`a ${visibility} comment on a public issue is seen by ${expected.join(', ')}`, () => {
      const seenBy = Object.entries(actors)
        .filter(([, actor]) =>
          canSeeComment(actor, publicIssue, { visibility, createdByUserId: CREATOR, groupId: GROUP }),
        )
        .map(([name]) => name);
      expect(seenBy).toEqual(expected);
    });
  }

  it('is never seen by someone who cannot see the issue', () => {
    const draft = { visibility: 'creator', createdByUserId: 99, groupId: null };
    expect(
      canSeeComment(actors.coordinator!, draft, { visibility: 'public', createdByUserId: 3, groupId: null }),
    ).toBe(false);
  });

  it('keeps the group only for group visibility', () => {
    expect(commentGroupFor('group', 5)).toBe(5);
    expect(commentGroupFor('creator', 5)).toBeNull();
    expect(commentGroupFor('public', 5)).toBeNull();
    expect(commentGroupFor('group', undefined)).toBeNull();
  });
});
