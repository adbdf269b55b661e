import {
  Anchor,
  Badge,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { PageFrame } from '../../components/page-frame.tsx';
import {
  ProjectEnumsDocument,
  ShowroomAccessDocument,
  StandardDisciplinesDocument,
} from '../../gql/generated.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { NetworkErrorScreen, NotFoundPage } from '../errors/network-error-screen.tsx';

/**
 * The internal showroom (spec core §2 "/test, /showroom"), for designers and reviewers: open to everyone outside
 * production; in production only platform admins see it, others get "Page not found" (the server says which).
 */
export function ShowroomPage() {
  const [access] = useQuery({ query: ShowroomAccessDocument });
  const { user, status } = useSession();
  const { t } = useTranslation('common');
  if (access.error) return <NetworkErrorScreen error={access.error} />;
  const waiting =
    !access.data || (!access.data.showroomOpen && (status === 'restoring' || status === 'loading'));
  if (waiting)
    return (
      <PageFrame>
        <Loader aria-label={t('loading')} />
      </PageFrame>
    );
  if (!access.data?.showroomOpen && !user?.isAdmin) return <NotFoundPage />;
  return <ShowroomContent />;
}

/** The server's enumerations and standard disciplines as the interface renders them, and the component demos. */
function ShowroomContent() {
  const { t } = useTranslation(['common', 'enums']);
  // The enumerations are the one cached query (spec core §7). Labels are translated here from their keys,
  // so a language switch needs no refetch.
  const [enums] = useQuery({ query: ProjectEnumsDocument, requestPolicy: 'cache-first' });
  const [disciplines] = useQuery({ query: StandardDisciplinesDocument, requestPolicy: 'cache-first' });
  const error = enums.error ?? disciplines.error;
  return (
    <PageFrame>
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={1}>{t('showroom.title')}</Title>
            <Anchor component={Link} to="/showroom/editor">
              {t('showroom.editorDemo')}
            </Anchor>
          </Group>
          <Text c="dimmed">{t('showroom.intro')}</Text>
          {error && <NetworkErrorScreen error={error} />}
          {(enums.fetching || disciplines.fetching) && !error && <Loader aria-label={t('loading')} />}
          {enums.data && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              <EnumList
                title={t('showroom.issueStatuses')}
                items={enums.data.projectEnums.systemIssueStatus.map((s) => ({
                  key: s.name,
                  label: t(`enums:issueStatuses.${s.name}`),
                  extra: s.responsibility ? t(`enums:responsibilities.${s.responsibility}`) : null,
                }))}
                testId="enum-issue-status"
              />
              <EnumList
                title={t('showroom.priorities')}
                items={enums.data.projectEnums.systemPriorities.map((p) => ({
                  key: p.name,
                  label: t(`enums:priorities.${p.name}`),
                  extra: null,
                }))}
                testId="enum-priorities"
              />
              <EnumList
                title={t('showroom.visibilities')}
                items={enums.data.projectEnums.systemVisibilities.map((v) => ({
                  key: v.name,
                  label: t(`enums:visibilities.${v.name}`),
                  extra: null,
                }))}
                testId="enum-visibilities"
              />
              <EnumList
                title={t('showroom.categories')}
                items={enums.data.projectEnums.systemIssueCategories.map((c) => ({
                  key: String(c.id),
                  label: t(`enums:categories.${c.name}`),
                  extra: String(c.id),
                }))}
                testId="enum-categories"
              />
              <EnumList
                title={t('showroom.phases')}
                items={enums.data.projectEnums.systemProjectPhases.map((p) => ({
                  key: p.key,
                  label: t(`enums:phases.${p.key}`),
                  extra: p.abbreviation,
                }))}
                testId="enum-phases"
              />
              <EnumList
                title={t('showroom.disciplineStatuses')}
                items={enums.data.projectEnums.systemIssueDisciplineStatus.map((s) => ({
                  key: s.name,
                  label: t(`enums:disciplineStatuses.${s.name}`),
                  extra: s.responsibility ? t(`enums:responsibilities.${s.responsibility}`) : null,
                }))}
                testId="enum-discipline-statuses"
              />
            </SimpleGrid>
          )}
          {disciplines.data && (
            <Stack gap="xs">
              <Title order={2} size="h3">
                {t('showroom.standardDisciplines')}
              </Title>
              <Table striped highlightOnHover data-testid="standard-disciplines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('showroom.abbreviation')}</Table.Th>
                    <Table.Th>{t('showroom.name')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {disciplines.data.standardDisciplines.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>
                        <Badge variant="light">{d.abbreviation}</Badge>
                      </Table.Td>
                      <Table.Td>{t(`enums:standardDisciplines.${d.key}`, { defaultValue: d.name })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Stack>
      </Container>
    </PageFrame>
  );
}

function EnumList({
  title,
  items,
  testId,
}: {
  title: string;
  items: { key: string; label: string; extra: string | null }[];
  testId: string;
}) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {items.map((item) => (
        <Group key={item.key} gap="xs" wrap="nowrap">
          <Text size="sm">{item.label}</Text>
          {item.extra && (
            <Badge size="sm" variant="outline">
              {item.extra}
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}
