import { useEffect, useState, type RefObject } from 'react';
import { Button } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './comment-jump.module.css';

/** From this many comments on, a thread offers the jump to its composer. */
export const COMMENT_JUMP_THRESHOLD = 5;

/** Whether the jump shows: a long thread whose composer is below the screen. */
export function showCommentJump(count: number, composerBelow: boolean): boolean {
  return count >= COMMENT_JUMP_THRESHOLD && composerBelow;
}

/** True while the element is below the visible part of the page (false where that cannot be watched). */
function useBelowScreen(target: RefObject<HTMLElement | null>): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      const bottom = entry.rootBounds?.bottom ?? window.innerHeight;
      setBelow(!entry.isIntersecting && entry.boundingClientRect.top >= bottom);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return below;
}

/**
 * "Write a comment" (issue 21: the composer stays reachable in long threads): in a long thread, while the
 * composer is below the screen, a button sticks to the bottom of the screen; it brings the composer into view and
 * puts the cursor in it.
 */
export function CommentJump({ count, composer }: { count: number; composer: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('everyday');
  const below = useBelowScreen(composer);
  if (!showCommentJump(count, below)) return null;
  return (
    <div className={classes.jump}>
      <div className={classes.inner}>
        <Button
          size="xs"
          radius="xl"
          leftSection={<IconMessagePlus size={14} />}
          onClick={() => {
            const element = composer.current;
            if (!element) return;
            element.scrollIntoView({ block: 'center' });
            element.querySelector('textarea')?.focus({ preventScroll: true });
          }}
          data-testid="comment-jump"
        >
          {t('comments.write')}
        </Button>
      </div>
    </div>
  );
}
