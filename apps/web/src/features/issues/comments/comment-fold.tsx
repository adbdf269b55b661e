import { useState, type ReactNode } from 'react';
import { Anchor, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A comment longer than this many characters, or lines, is folded until "show more" (issue 21). */
export const FOLD_CHARACTERS = 600;
export const FOLD_LINES = 8;
/** How many lines a folded comment shows. */
export const FOLDED_LINES = 6;

/** Whether a message is long enough to fold. */
export function isLongComment(message: string | null | undefined): boolean {
  if (!message) return false;
  return message.length > FOLD_CHARACTERS || message.split('\n').length > FOLD_LINES;
}

/**
 * A long comment's text, folded to its first lines with "Show more" / "Show less" under it, so a long thread
 * stays readable and its composer near. Short comments are shown whole, without the button.
 */
export function CommentFold({
  message,
  children,
}: {
  message: string | null | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('everyday');
  const [open, setOpen] = useState(false);
  if (!isLongComment(message)) return <>{children}</>;
  return (
    <>
      <Box
        component="span"
        // The display lives in `style` alone: a `display` style prop would win over the folded -webkit-box and the
        // clamp would never apply. The max-height (the lines at Mantine's line height) holds where line-clamp does not.
        style={
          open
            ? { display: 'block' }
            : {
                display: '-webkit-box',
                WebkitLineClamp: FOLDED_LINES,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                maxHeight: `calc(${FOLDED_LINES} * var(--mantine-line-height, 1.55) * 1em)`,
              }
        }
        data-testid="comment-fold"
        data-folded={!open}
      >
        {children}
      </Box>
      <Anchor
        component="button"
        type="button"
        size="sm"
        mt={4}
        display="block"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="comment-fold-toggle"
      >
        {open ? t('comments.showLess') : t('comments.showMore')}
      </Anchor>
    </>
  );
}
