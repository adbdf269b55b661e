import { useContext, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { SessionContext } from '../../app/guards/session-context.ts';
import { AiStatusDocument, ImproveTextDocument } from '../../gql/generated.ts';
import { toUiError } from '../../lib/api-errors.ts';

/** What to improve (an issue description or a comment), the text, and what to do with the accepted version. */
interface ImproveTextProps {
  kind: 'issueDescription' | 'comment';
  text: string;
  onAccept: (improved: string) => void;
}

/**
 * "Improve text" (issue 31 item 5) beside an issue description or a comment: asks the model for a clearer, complete
 * version (what, where, who, by when) in the user's language and shows it as a change the user accepts (possibly
 * edited) or rejects. Shown only to users whose assistant is on, after its disclaimer, when a model is configured.
 */
export function ImproveText({ kind, text, onAccept }: ImproveTextProps) {
  const user = useContext(SessionContext)?.user;
  if (!user?.hasAiAssistant || !user.aiDisclaimerAccepted) return null;
  return <ImproveTextWhenConfigured kind={kind} text={text} onAccept={onAccept} />;
}

function ImproveTextWhenConfigured({ kind, text, onAccept }: ImproveTextProps) {
  const { t } = useTranslation('ai');
  const [status] = useQuery({ query: AiStatusDocument });
  const [{ fetching: busy }, improve] = useMutation(ImproveTextDocument);
  const [proposal, setProposal] = useState<{ original: string; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!status.data?.aiStatus.available) return null;
  const ask = async () => {
    setFailure(null);
    if (!text.trim()) {
      setFailure('CONTENT_MUST_BE_NON_EMPTY_STRING');
      return;
    }
    const result = await improve({ kind, text });
    if (result.error || !result.data) setFailure(toUiError(result.error).code);
    else setProposal({ original: text, text: result.data.improveText });
  };
  return (
    <Stack gap={4}>
      {!proposal && (
        <Group gap="xs">
          <Tooltip label={t('improve.hint')} multiline w={260}>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconSparkles size={14} />}
              loading={busy}
              onClick={() => void ask()}
              data-testid="improve-text"
            >
              {t('improve.button')}
            </Button>
          </Tooltip>
        </Group>
      )}
      {failure && (
        <Alert
          color="red"
          p="xs"
          withCloseButton
          onClose={() => setFailure(null)}
          data-testid="improve-text-error"
        >
          {t(`errors:${failure}`, { defaultValue: t('errors:AI_TROUBLE_RESPONDING') })}
        </Alert>
      )}
      {proposal && (
        <Paper withBorder p="sm" data-testid="improve-text-proposal">
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('improve.title')}
            </Text>
            <Text size="xs" c="dimmed" td="line-through" style={{ whiteSpace: 'pre-wrap' }}>
              {proposal.original}
            </Text>
            <Textarea
              autosize
              minRows={2}
              maxRows={10}
              aria-label={t('improve.proposal')}
              value={proposal.text}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setProposal((p) => (p ? { ...p, text: value } : p));
              }}
              data-testid="improve-text-value"
            />
            <Text size="xs" c="dimmed">
              {t('improve.hint')}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setProposal(null)}
                data-testid="improve-text-reject"
              >
                {t('improve.reject')}
              </Button>
              <Button
                size="xs"
                onClick={() => {
                  onAccept(proposal.text);
                  setProposal(null);
                }}
                disabled={!proposal.text.trim()}
                data-testid="improve-text-accept"
              >
                {t('improve.accept')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
