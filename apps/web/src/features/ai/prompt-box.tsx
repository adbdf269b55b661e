import type { ReactNode } from 'react';
import { Button, Group, Textarea } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * What the user writes to the assistant (the chat's message, Smart Docs' question): Enter sends (Shift+Enter
 * breaks the line), and while an answer streams the send button becomes Stop.
 */
export function PromptBox(props: {
  minRows: number;
  maxLength: number;
  label?: string;
  placeholder: string;
  /** For a box without a visible label. */
  ariaLabel?: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  testId: string;
  streaming: boolean;
  onStop: () => void;
  stopTestId?: string;
  send: { label: string; icon: ReactNode; testId: string };
}) {
  const { t } = useTranslation('ai');
  const { send } = props;
  return (
    <Group align="flex-end" gap="xs">
      <Textarea
        style={{ flex: 1 }}
        autosize
        minRows={props.minRows}
        maxRows={6}
        maxLength={props.maxLength}
        label={props.label}
        placeholder={props.placeholder}
        aria-label={props.ariaLabel}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !props.streaming) {
            e.preventDefault();
            props.onSend();
          }
        }}
        data-testid={props.testId}
      />
      {props.streaming ? (
        <Button
          color="red"
          variant="light"
          leftSection={<IconPlayerStop size={16} />}
          onClick={props.onStop}
          data-testid={props.stopTestId}
        >
          {t('stop')}
        </Button>
      ) : (
        <Button leftSection={send.icon} onClick={props.onSend} data-testid={send.testId}>
          {send.label}
        </Button>
      )}
    </Group>
  );
}
