import type { IssueFacts } from './issue-types.ts';

/** Builds an issue with sensible defaults for tests (not exported from the package). */
export function buildIssue(overrides: Partial<IssueFacts> = {}): IssueFacts {
  return {
    id: 1,
    code: 'ISS-1',
    title: 'Issue',
    description: null,
    status: 'active',
    priority: 'medium',
    visibility: 'public',
    category: null,
    creationPhase: 5,
    resolutionPhase: null,
    deadline: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    createdByUserId: 100,
    visibilityUpdatedAt: '2026-01-10T12:00:00.000Z',
    groupId: null,
    disciplines: [],
    localIds: [],
    labelIds: [],
    tagIds: [],
    starred: false,
    notificationsSummary: { count: 0, mentions: 0, last: null },
    imageTitles: [],
    documentReferences: [],
    ...overrides,
  };
}
