import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@obra/domain';
import { textLimitProps } from '../../lib/text-limit.ts';
import { validateCommentDraft } from './comments/comment-visibility.ts';
import { emptyIssueForm, serverErrorsToForm, validateIssueForm } from './edit/issue-form-model.ts';

describe('text limits in the issue and comment forms (docs/text-limits.md)', () => {
  it('shows every too-long field of the issue form under its field, with the server code', () => {
    const errors = validateIssueForm({
      ...emptyIssueForm(),
      title: 't'.repeat(TEXT_LIMITS.issueTitle + 1),
      description: 'd'.repeat(TEXT_LIMITS.issueDescription + 1),
    });
    expect(errors.title).toBe('TEXT_TOO_LONG');
    expect(errors.description).toBe('TEXT_TOO_LONG');
    expect(validateIssueForm({ ...emptyIssueForm(), title: 't'.repeat(TEXT_LIMITS.issueTitle) }).title).toBe(
      undefined,
    );
  });

  it('places the server refusal under the field it names', () => {
    expect(serverErrorsToForm('TEXT_TOO_LONG', { field: 'description', max: 10_000 })).toEqual({
      description: 'TEXT_TOO_LONG',
    });
  });

  it('refuses a comment beyond its limit before sending', () => {
    const message = 'm'.repeat(TEXT_LIMITS.commentMessage + 1);
    expect(validateCommentDraft({ message, visibility: 'public', groupId: null })).toEqual({
      message: 'TEXT_TOO_LONG',
    });
  });

  it('caps inputs at the limit and counts once the text nears it', () => {
    expect(textLimitProps('short', 'issueTitle')).toEqual({
      maxLength: TEXT_LIMITS.issueTitle,
      description: undefined,
    });
    const near = 'x'.repeat(TEXT_LIMITS.issueTitle - 10);
    expect(textLimitProps(near, 'issueTitle').description).toBe(`${near.length} / ${TEXT_LIMITS.issueTitle}`);
  });
});
