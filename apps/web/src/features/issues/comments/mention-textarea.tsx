import { Paper, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  activeMention,
  insertMention,
  matchCandidates,
  type ActiveMention,
  type MentionCandidate,
} from './mention-model.ts';

/** An issue that `#code` can reference. */
export interface IssueReference {
  readonly id: number;
  readonly code: string;
  readonly title: string;
}

/**
 * A text area with mention autocomplete: `@` lists the people who can be mentioned, `#` the issues; arrows
 * move, Enter or Tab choose, Escape closes the list. Ctrl+Enter (Cmd+Enter) submits.
 */
export function MentionTextarea({
  value,
  onChange,
  people,
  issues,
  onMention,
  onSubmit,
  onEscape,
  label,
  placeholder,
  error,
  autoFocus,
  maxLength,
  description,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  people: readonly MentionCandidate[];
  issues: readonly IssueReference[];
  onMention: (person: MentionCandidate) => void;
  onSubmit: () => void;
  onEscape?: () => void;
  label: string;
  placeholder?: string;
  error?: string | undefined;
  autoFocus?: boolean;
  /** The longest message allowed (the domain's TEXT_LIMITS) and a hint under the field (a counter). */
  maxLength?: number;
  description?: string | undefined;
  /** Shown but not editable (demo mode), with the reason as its title. */
  disabled?: { title: string } | undefined;
}) {
  const { t } = useTranslation('issue');
  const ref = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<ActiveMention | null>(null);
  // The suggestions close a moment after the box loses focus (a click on one lands first); the timer dies with
  // the box, so it never updates an unmounted component.
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  const [highlight, setHighlight] = useState(0);
  const options = optionsFor(mention, people, issues);
  const open = mention !== null && options.length > 0;
  const track = (text: string, caret: number) => {
    setMention(activeMention(text, caret));
    setHighlight(0);
  };
  const pendingCaret = useRef<number | null>(null);
  const choose = (index: number) => {
    const option = options[index];
    if (!mention || !option) return;
    const next = insertMention(value, mention, option.insert);
    onChange(next.text);
    if (option.person) onMention(option.person);
    setMention(null);
    pendingCaret.current = next.caret;
  };
  // The caret goes after the inserted name as soon as the new text is rendered, before any next keystroke (a frame
  // later, a quick typist's first letter landed before the name's end).
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = ref.current;
    if (caret === null || !input || input.value !== value) return;
    pendingCaret.current = null;
    input.focus();
    input.setSelectionRange(caret, caret);
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
      return;
    }
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(highlight);
        return;
      }
    }
    if (event.key === 'Escape') {
      if (open) setMention(null);
      else onEscape?.();
      event.preventDefault();
      event.stopPropagation();
    }
  };
  return (
    <div style={{ position: 'relative' }}>
      <Textarea
        ref={ref}
        label={label}
        placeholder={placeholder}
        value={value}
        error={error}
        maxLength={maxLength}
        description={description}
        autosize
        minRows={2}
        maxRows={10}
        autoFocus={autoFocus}
        {...(disabled ? { disabled: true, title: disabled.title } : {})}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          track(event.currentTarget.value, event.currentTarget.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => track(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(() => setMention(null), 150);
        }}
        aria-autocomplete="list"
        aria-expanded={open}
        data-testid="comment-input"
      />
      {open && (
        <Paper
          withBorder
          shadow="md"
          p={4}
          role="listbox"
          aria-label={
            mention?.trigger === '#' ? t('comments.issueSuggestions') : t('comments.mentionSuggestions')
          }
          style={{ position: 'absolute', zIndex: 300, left: 0, right: 0, maxHeight: 240, overflowY: 'auto' }}
          data-testid="mention-suggestions"
        >
          <Stack gap={0}>
            {options.map((option, index) => (
              <UnstyledButton
                key={option.key}
                role="option"
                aria-selected={index === highlight}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(index);
                }}
                px="xs"
                py={4}
                style={{
                  borderRadius: 4,
                  background: index === highlight ? 'var(--mantine-color-default-hover)' : undefined,
                }}
              >
                <Text size="sm">{option.label}</Text>
                {option.hint && (
                  <Text size="xs" c="dimmed">
                    {option.hint}
                  </Text>
                )}
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );
}

interface Option {
  readonly key: string;
  readonly label: string;
  readonly hint: string | null;
  readonly insert: string;
  readonly person: MentionCandidate | null;
}

function optionsFor(
  mention: ActiveMention | null,
  people: readonly MentionCandidate[],
  issues: readonly IssueReference[],
): Option[] {
  if (!mention) return [];
  if (mention.trigger === '@') {
    return matchCandidates(people, mention.query).map((p) => ({
      key: `u${p.id}`,
      label: p.label,
      hint: p.email ?? null,
      insert: p.label,
      person: p,
    }));
  }
  const q = mention.query.toLowerCase();
  return issues
    .filter((i) => i.code.toLowerCase().startsWith(q) || i.title.toLowerCase().includes(q))
    .slice(0, 8)
    .map((i) => ({ key: `i${i.id}`, label: `#${i.code}`, hint: i.title, insert: i.code, person: null }));
}
