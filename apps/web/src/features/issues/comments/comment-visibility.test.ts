import { describe, expect, it } from 'vitest';
import {
  audienceKey,
  commentActions,
  commentVariables,
  DEFAULT_COMMENT_FILTER,
  filterCommentsByVisibility,
  validateCommentDraft,
} from './comment-visibility.ts';

const alive = { deletedAt: null, permissions: { edit: true, delete: true } };

describe('comment visibility rules (spec core §3, §5, §6, §9)', () => {
  it('shows all four visibilities by default and filters by the chosen ones', () => {
    expect([...DEFAULT_COMMENT_FILTER].sort()).toEqual(['creator', 'group', 'project_management', 'public']);
    const comments = [
      { id: 1, visibility: 'creator', ...alive },
      { id: 2, visibility: 'group', ...alive },
      { id: 3, visibility: 'project_management', ...alive },
      { id: 4, visibility: 'public', ...alive },
    ];
    expect(filterCommentsByVisibility(comments, DEFAULT_COMMENT_FILTER).map((c) => c.id)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(filterCommentsByVisibility(comments, new Set(['group', 'public'])).map((c) => c.id)).toEqual([
      2, 4,
    ]);
    expect(filterCommentsByVisibility(comments, new Set())).toEqual([]);
  });

  it('needs a message, and a group for group visibility', () => {
    expect(validateCommentDraft({ message: '   ', visibility: 'public', groupId: null })).toEqual({
      message: 'REQUIRED_FIELD',
    });
    expect(validateCommentDraft({ message: 'Ok', visibility: 'group', groupId: null })).toEqual({
      groupId: 'REQUIRED_FIELD',
    });
    expect(validateCommentDraft({ message: 'Ok', visibility: 'group', groupId: 4 })).toEqual({});
    expect(validateCommentDraft({ message: 'Ok', visibility: 'creator', groupId: null })).toEqual({});
  });

  it('keeps the group only with group visibility and trims the message', () => {
    expect(commentVariables({ message: '  Viga V12  ', visibility: 'group', groupId: 4 })).toEqual({
      message: 'Viga V12',
      visibility: 'group',
      groupId: 4,
    });
    for (const visibility of ['creator', 'project_management', 'public'] as const) {
      expect(commentVariables({ message: 'x', visibility, groupId: 4 }).groupId).toBeNull();
    }
  });

  it('offers the actions the server allows, and none on a deleted comment', () => {
    expect(commentActions({ visibility: 'public', ...alive })).toEqual({
      edit: true,
      changeVisibility: true,
      delete: true,
      markUnread: true,
    });
    expect(
      commentActions({ visibility: 'public', deletedAt: null, permissions: { edit: false, delete: true } }),
    ).toEqual({
      edit: false,
      changeVisibility: false,
      delete: true,
      markUnread: true,
    });
    expect(
      commentActions({
        visibility: 'public',
        deletedAt: '2026-01-02T00:00:00Z',
        permissions: { edit: true, delete: true },
      }),
    ).toEqual({
      edit: false,
      changeVisibility: false,
      delete: false,
      markUnread: false,
    });
  });

  it('says a public comment on a restricted issue reaches only who sees the issue', () => {
    expect(audienceKey('public', 'public')).toBe('public');
    expect(audienceKey('public', 'creator')).toBe('publicRestricted');
    expect(audienceKey('group', 'creator')).toBe('group');
  });
});
