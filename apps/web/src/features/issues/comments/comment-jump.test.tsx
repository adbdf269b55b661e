import { act, useRef } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderIssueUi } from '../view/issue-test-utils.tsx';
import { COMMENT_JUMP_THRESHOLD, CommentJump, showCommentJump } from './comment-jump.tsx';

const SLOW = { timeout: 30_000 };

/** An IntersectionObserver the test drives: `report` tells the watched element where it is. */
function fakeObserver() {
  let callback: IntersectionObserverCallback | null = null;
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = class {
    constructor(cb: IntersectionObserverCallback) {
      callback = cb;
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  const scroll = vi.fn();
  const originalScroll = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = scroll;
  onTestFinished(() => {
    globalThis.IntersectionObserver = original;
    Element.prototype.scrollIntoView = originalScroll;
  });
  return {
    scroll,
    /** Resolves once the component watches its composer (its texts load first). */
    watching: () => vi.waitFor(() => expect(callback).not.toBeNull()),
    report(isIntersecting: boolean, top: number) {
      act(() =>
        callback?.(
          [
            {
              isIntersecting,
              boundingClientRect: { top } as DOMRectReadOnly,
              rootBounds: { bottom: 800 } as DOMRectReadOnly,
            } as IntersectionObserverEntry,
          ],
          {} as IntersectionObserver,
        ),
      );
    },
  };
}

function Thread({ count }: { count: number }) {
  const composer = useRef<HTMLDivElement>(null);
  return (
    <div>
      <CommentJump count={count} composer={composer} />
      <div ref={composer}>
        <textarea aria-label="New comment" />
      </div>
    </div>
  );
}

describe('the jump to the composer in long threads', () => {
  it('shows only in a long thread whose composer is below the screen', () => {
    expect(showCommentJump(COMMENT_JUMP_THRESHOLD, true)).toBe(true);
    expect(showCommentJump(COMMENT_JUMP_THRESHOLD - 1, true)).toBe(false);
    expect(showCommentJump(60, false)).toBe(false);
  });

  it(
    'appears while the composer is below, brings it into view with the cursor in it, and goes',
    SLOW,
    async () => {
      const observer = fakeObserver();
      await renderIssueUi(<Thread count={60} />);
      await observer.watching();
      expect(screen.queryByTestId('comment-jump')).toBeNull();
      observer.report(false, 2400);
      const jump = await screen.findByRole('button', { name: 'Write a comment' });
      await userEvent.setup().click(jump);
      expect(observer.scroll).toHaveBeenCalledWith({ block: 'center' });
      expect(screen.getByRole('textbox', { name: 'New comment' })).toHaveFocus();
      observer.report(true, 500);
      expect(screen.queryByTestId('comment-jump')).toBeNull();
      // Scrolled past it (above the screen): no jump either.
      observer.report(false, -300);
      expect(screen.queryByTestId('comment-jump')).toBeNull();
    },
  );

  it('stays away in a short thread', SLOW, async () => {
    const observer = fakeObserver();
    await renderIssueUi(<Thread count={2} />);
    await observer.watching();
    observer.report(false, 2400);
    expect(screen.queryByTestId('comment-jump')).toBeNull();
  });
});
