import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderIssueUi } from '../view/issue-test-utils.tsx';
import { CommentFold, FOLD_CHARACTERS, isLongComment } from './comment-fold.tsx';

const SLOW = { timeout: 30_000 };

describe('long comments fold', () => {
  it('folds by length or by lines', () => {
    expect(isLongComment('short')).toBe(false);
    expect(isLongComment('x'.repeat(FOLD_CHARACTERS + 1))).toBe(true);
    expect(isLongComment(Array.from({ length: 9 }, () => 'line').join('\n'))).toBe(true);
    expect(isLongComment(null)).toBe(false);
  });

  it('shows "Show more" on a long comment and unfolds it', SLOW, async () => {
    const long = 'Medição '.repeat(120);
    await renderIssueUi(
      <div>
        <CommentFold message={long}>{long}</CommentFold>
        <CommentFold message="curto">curto</CommentFold>
      </div>,
    );
    const toggle = await screen.findByRole('button', { name: 'Show more' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByTestId('comment-fold')).toHaveAttribute('data-folded', 'true');
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('comment-fold')).toHaveAttribute('data-folded', 'false');
  });
});
