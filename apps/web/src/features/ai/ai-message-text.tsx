import { Fragment, type ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

const LINK = /\[([^\]\n]{1,200})\]\((\/[^)\s]{1,300})\)/g;

/**
 * An answer's text with its Markdown links to Obra's own pages as links (the assistant links every issue and document it names:
 * issue pages and the document viewer on a revision and page);
 * any other Markdown is shown as written. Only same-site paths become links: an address elsewhere stays text.
 */
export function AiMessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, to] = match;
    const at = match.index;
    if (to?.startsWith('//')) continue;
    parts.push(text.slice(last, at));
    parts.push(
      <Anchor key={at} component={Link} to={to ?? '/'} data-testid="ai-answer-link">
        {label}
      </Anchor>,
    );
    last = at + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </Text>
  );
}
