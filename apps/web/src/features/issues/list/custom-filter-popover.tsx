import { Suspense, useState } from 'react';
import { Badge, Button, Center, Loader, Popover } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyExport } from '../../../lib/lazy-import.ts';
import type { ProjectDetails } from '../../projects/project-context.ts';
import type { IssueListFilterState } from '../shared/issue-list-context.ts';
import type { ListContextData } from './use-issue-list.ts';

// The fields (a dozen multi-selects and date ranges) load when the popover first opens, not with the list.
const CustomFilterFields = lazyExport(() => import('./custom-filter-fields.tsx'), 'CustomFilterFields');

/**
 * Custom filters (standard filter `custom`): multi-selects over the issue's fields and date ranges, combined
 * with and/or (default or), in a popover at most 30rem high. Any change switches the list to the custom tab.
 */
export function CustomFilterPopover({
  project,
  context,
  filter,
  onChange,
}: {
  project: ProjectDetails;
  context: ListContextData | null;
  filter: IssueListFilterState;
  onChange: (next: IssueListFilterState) => void;
}) {
  const { t } = useTranslation('issues');
  const [opened, setOpened] = useState(false);
  const active = filter.conditions.length;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          rightSection={
            active > 0 ? (
              <Badge size="xs" circle data-testid="custom-filter-count">
                {active}
              </Badge>
            ) : null
          }
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          data-testid="custom-filter-button"
        >
          {t('filters.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        {opened && (
          <Suspense
            fallback={
              <Center p="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <CustomFilterFields
              project={project}
              context={context}
              filter={filter}
              onChange={onChange}
              onDone={() => setOpened(false)}
            />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
