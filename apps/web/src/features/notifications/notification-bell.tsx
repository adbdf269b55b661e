import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useClient, useQuery, useSubscription } from 'urql';
import {
  NotificationCentreChangedDocument,
  NotificationCentreMarkReadDocument,
  UserNotificationsDocument,
  type UserNotificationsQuery,
} from '../../gql/generated.ts';

type Item = UserNotificationsQuery['userNotifications'][number];

/** The badge text of editor §9: 99+ above 99. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Refetches while a project is open when the caller's unread marks there change (live). */
function LiveProject({ projectId, onChange }: { projectId: number; onChange: () => void }) {
  const [change] = useSubscription({ query: NotificationCentreChangedDocument, variables: { projectId } });
  // Once per change pushed, not once per render: the refetch re-renders the bell, and reacting to each render
  // refetched without end (the list's own live updates and clicks starved behind it).
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (change.data) latest.current();
  }, [change.data]);
  return null;
}

/**
 * The notification centre: a bell in the header with the number of unread notifications, and the most recent
 * ones (what the caller may see now). Opening one opens its issue and marks it read; live inside a project through
 * the projectNotificationsChanged subscription, elsewhere refreshed each minute and when the window regains focus.
 */
export function NotificationBell({ projectId }: { projectId?: number | undefined }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const client = useClient();
  const [opened, setOpened] = useState(false);
  const [list, refetch] = useQuery({ query: UserNotificationsDocument, variables: { first: 50 } });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  // The timer and the focus listener are set up once, on mount; they call the latest reload through a ref (as
  // LiveProject does), so that a re-render neither restarts the minute nor refetches.
  const latestReload = useRef(reload);
  useEffect(() => {
    latestReload.current = reload;
  });
  useEffect(() => {
    const tick = () => latestReload.current();
    const timer = window.setInterval(tick, 60_000);
    window.addEventListener('focus', tick);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', tick);
    };
  }, []);
  const items = list.data?.userNotifications ?? [];
  const unreadIssues = [...new Set(items.map((i) => i.issueId))];
  const markRead = async (issueIds: number[]) => {
    if (issueIds.length === 0) return;
    await client.mutation(NotificationCentreMarkReadDocument, { issuesId: issueIds }).toPromise();
    reload();
  };
  const open = (item: Item) => {
    setOpened(false);
    void markRead([item.issueId]);
    void navigate(`/workspace/project/${item.projectId}/issues/${item.issueId}`);
  };
  return (
    <>
      {projectId !== undefined && <LiveProject projectId={projectId} onChange={reload} />}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <Indicator
            label={badgeCount(items.length)}
            size={16}
            disabled={items.length === 0}
            color="red"
            offset={4}
          >
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('centre.open', { count: items.length })}
              onClick={() => {
                if (!opened) reload();
                setOpened((o) => !o);
              }}
              data-testid="notification-bell"
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown p="xs" maw="calc(100vw - 16px)">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{t('centre.title')}</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={items.length === 0}
              onClick={() => void markRead(unreadIssues)}
            >
              {t('centre.markAllRead')}
            </Button>
          </Group>
          {list.fetching && !list.data && <Loader size="sm" aria-label={t('centre.loading')} />}
          {list.error && (
            <Text c="red" size="sm">
              {t('centre.error')}
            </Text>
          )}
          {list.data && items.length === 0 && (
            <Text c="dimmed" size="sm" py="md" ta="center" data-testid="notification-centre-empty">
              {t('centre.empty')}
            </Text>
          )}
          <ScrollArea.Autosize mah={420}>
            <Stack gap={4} role="list">
              {items.map((item) => (
                <UnstyledButton
                  key={item.id}
                  role="listitem"
                  onClick={() => open(item)}
                  p={6}
                  style={{ borderRadius: 4 }}
                  data-testid="notification-centre-item"
                >
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Badge
                      size="xs"
                      variant={item.isMention ? 'filled' : 'light'}
                      color={item.isMention ? 'red' : 'blue'}
                      style={{ flexShrink: 0 }}
                    >
                      {t(`kind.${item.kind}`)}
                    </Badge>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} lineClamp={1}>
                        {item.issueCode} {item.issueTitle}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {item.actorName ?? t('someone')} · {item.projectName}
                        {item.excerpt ? ` · “${item.excerpt}”` : ''}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {new Date(item.createdAt).toLocaleString()}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Button
            component={Link}
            to="/workspace/user/notifications"
            variant="subtle"
            size="xs"
            fullWidth
            mt="xs"
            onClick={() => setOpened(false)}
          >
            {t('centre.settings')}
          </Button>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
