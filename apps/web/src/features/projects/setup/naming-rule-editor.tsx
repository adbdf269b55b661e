import {
  ActionIcon,
  Alert,
  Badge,
  Code,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock } from '@tabler/icons-react';
import { NAMING_RULE_SEPARATORS, type NamingRuleField } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import {
  addField,
  availableFields,
  canMove,
  exampleName,
  moveField,
  namingFieldKind,
  namingRuleProblems,
  removeField,
  type NamingRuleProblem,
  type NamingSeparator,
} from './naming-rule-model.ts';
import { RemoveButton } from '../../../components/row-actions.tsx';

/** The rule being edited. */
export interface NamingRuleDraft {
  fields: NamingRuleField[];
  separator: NamingSeparator;
}

const SEPARATOR_NAMES: Record<NamingSeparator, string> = { '-': 'hyphen', _: 'underscore', '.': 'dot' };
const KIND_COLOR = { mandatory: 'red', recommended: 'blue', optional: 'gray' } as const;

/**
 * The document naming rule editor (editor §5.4): the ordered fields with their mandatory or recommended mark,
 * moves that keep the revision last, a field picker offering only unused fields, the separator, an example
 * name and every problem the rule still has.
 */
export function NamingRuleEditor({
  draft,
  samples,
  readOnly,
  onChange,
}: {
  draft: NamingRuleDraft;
  samples: Readonly<Record<NamingRuleField, string>>;
  readOnly: boolean;
  onChange: (draft: NamingRuleDraft) => void;
}) {
  const { t } = useTranslation('projects');
  const { fields, separator } = draft;
  const problems = namingRuleProblems(fields, separator);
  const available = availableFields(fields);
  const setFields = (next: NamingRuleField[]) => onChange({ fields: next, separator });
  const label = (field: NamingRuleField) => t(`namingRule.fields.${field}`);

  return (
    <Stack gap="md">
      <Stack gap={4} role="list" aria-label={t('namingRule.fieldsLabel')} data-testid="naming-rule-fields">
        {fields.map((field, index) => {
          const kind = namingFieldKind(field);
          return (
            <Paper
              key={field}
              withBorder
              radius="sm"
              px="sm"
              py={6}
              role="listitem"
              aria-label={label(field)}
            >
              <Group
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                data-testid="naming-rule-field"
                data-field={field}
              >
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Text size="sm" c="dimmed" w={20} ta="right">
                    {index + 1}
                  </Text>
                  <Text size="sm" fw={500} lineClamp={1}>
                    {label(field)}
                  </Text>
                  {kind !== 'optional' && (
                    <Badge size="xs" variant="light" color={KIND_COLOR[kind]}>
                      {t(`namingRule.kinds.${kind}`)}
                    </Badge>
                  )}
                  <Code>{samples[field]}</Code>
                </Group>
                {!readOnly && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      disabled={!canMove(fields, index, -1)}
                      aria-label={t('namingRule.moveUp', { field: label(field) })}
                      onClick={() => setFields(moveField(fields, index, -1))}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={!canMove(fields, index, 1)}
                      aria-label={t('namingRule.moveDown', { field: label(field) })}
                      onClick={() => setFields(moveField(fields, index, 1))}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    {kind === 'mandatory' ? (
                      <Tooltip label={t('namingRule.mandatoryHint')}>
                        <ActionIcon variant="subtle" color="gray" aria-label={t('namingRule.mandatoryHint')}>
                          <IconLock size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      <RemoveButton
                        label={t('namingRule.remove', { field: label(field) })}
                        onClick={() => setFields(removeField(fields, field))}
                      />
                    )}
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {!readOnly && (
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t('namingRule.add')}
            placeholder={available.length > 0 ? t('namingRule.addPlaceholder') : t('namingRule.allUsed')}
            data={available.map((f) => ({
              value: f,
              label:
                namingFieldKind(f) === 'optional'
                  ? label(f)
                  : `${label(f)} (${t(`namingRule.kinds.${namingFieldKind(f)}`)})`,
            }))}
            value={null}
            disabled={available.length === 0}
            onChange={(value) => {
              const field = available.find((f) => f === value);
              if (field) setFields(addField(fields, field));
            }}
            w={{ base: '100%', xs: 260 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="naming-rule-separator">
              {t('namingRule.separator')}
            </Text>
            <SegmentedControl
              aria-labelledby="naming-rule-separator"
              value={separator}
              onChange={(value) => {
                const next = NAMING_RULE_SEPARATORS.find((s) => s === value);
                if (next) onChange({ fields, separator: next });
              }}
              data={NAMING_RULE_SEPARATORS.map((s) => ({
                value: s,
                label: t(`namingRule.separators.${SEPARATOR_NAMES[s]}`, { separator: s }),
              }))}
            />
          </Stack>
        </Group>
      )}
      {readOnly && (
        <Text size="sm">
          {t('namingRule.separator')}:{' '}
          {t(`namingRule.separators.${SEPARATOR_NAMES[separator]}`, { separator })}
        </Text>
      )}
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('namingRule.example')}
        </Text>
        <Code data-testid="naming-rule-example">{exampleName(fields, separator, samples)}</Code>
      </Group>
      {problems.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          title={t('namingRule.problemsTitle')}
          data-testid="naming-rule-problems"
        >
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={problemKey(p)}>{problemText(t, p, label)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

function problemKey(p: NamingRuleProblem): string {
  return 'field' in p ? `${p.kind}:${p.field}` : p.kind;
}

function problemText(
  t: (key: string, options?: Record<string, string>) => string,
  p: NamingRuleProblem,
  label: (field: NamingRuleField) => string,
): string {
  switch (p.kind) {
    case 'unknownField':
      return t('namingRule.problems.unknownField', { field: p.field });
    case 'repeatedField':
    case 'missingField':
      return t(`namingRule.problems.${p.kind}`, { field: label(p.field) });
    default:
      return t(`namingRule.problems.${p.kind}`);
  }
}
