import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { AiCompanyUsageDocument } from '../../gql/generated.ts';

/**
 * The company's AI use this month for its admins (approximate tokens against AI_COMPANY_MONTHLY_TOKENS, docs/ai.md
 * "Limits"). Shown once there is a use or a limit; nothing when the query fails.
 */
export function AiCompanyUsage() {
  const { t, i18n } = useTranslation('ai');
  const [usage] = useQuery({ query: AiCompanyUsageDocument, requestPolicy: 'cache-and-network' });
  const u = usage.data?.aiCompanyUsage;
  if (!u || (u.tokens === 0 && u.limit === 0)) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap={4} data-testid="ai-company-usage">
      <Text size="sm">
        {u.limit > 0
          ? t('usage.withLimit', {
              month: u.month,
              tokens: number.format(u.tokens),
              limit: number.format(u.limit),
            })
          : t('usage.noLimit', { month: u.month, tokens: number.format(u.tokens) })}
      </Text>
      {u.limit > 0 && <Progress value={Math.min(100, (u.tokens / u.limit) * 100)} size="sm" />}
    </Stack>
  );
}
