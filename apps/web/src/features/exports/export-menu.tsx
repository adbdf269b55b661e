import { useState } from 'react';
import { Anchor, Button, Menu, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { PrepareIssueExportDocument } from '../../gql/generated.ts';
import { notifications } from '@mantine/notifications';
import {
  IconClockDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconPrinter,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api, type ApiBody } from '../../lib/api/rest-client.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import type { IssueListFilterState } from '../issues/shared/issue-list-context.ts';
import { issuesReportPath } from './issues-report-path.ts';

/** A download of the server's exports (docs/reports.md). */
export type ExportKind = 'xlsx' | 'csv' | 'pdf';

const PATHS = {
  xlsx: '/exports/issues.xlsx',
  csv: '/exports/issues.csv',
  pdf: '/exports/issues-report.pdf',
} as const satisfies Record<ExportKind, string>;

/** What an export takes: the project, the list's filter (JSON) or the chosen ids, the language. */
type ExportBody = ApiBody<(typeof PATHS)[ExportKind], 'post'>;

/** The list's filter as the server's filter JSON (the sort is the list's own: exports use the default order). */
export function exportFilterJson(filter: IssueListFilterState): Record<string, unknown> {
  return {
    standard: filter.standard,
    search: filter.search || undefined,
    combination: filter.combination,
    conditions: filter.conditions,
    timezoneOffset: new Date().getTimezoneOffset(),
  };
}

/** The file name the server gave (Content-Disposition), or a fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Asks the server for an export and saves it (the session's token goes in the header, never in the address). The
 * answer is a file: the client's raw call hands the response over for its bytes and its name.
 */
async function downloadExport(kind: ExportKind, body: ExportBody): Promise<void> {
  const response = await api.raw.post(PATHS[kind], { body });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `issues.${kind}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The issue list's export menu: Excel, CSV, the report as PDF, and the report to print, of the filtered list,
 * or of the selected issues when some are selected.
 */
export function ExportMenu({
  projectId,
  filter,
  selectedIds,
  inBulkBar = false,
}: {
  projectId: number;
  filter: IssueListFilterState;
  selectedIds: readonly number[];
  /** The selection bar's "Export the selection" (issue 21): a compact button naming the selection. */
  inBulkBar?: boolean;
}) {
  const { t, i18n } = useTranslation(['exports', 'everyday']);
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const client = useClient();
  const navigate = useNavigate();
  const selection = selectedIds.length > 0;
  const run = (kind: ExportKind) => {
    setBusy(kind);
    const body = {
      projectId,
      filter: exportFilterJson(filter),
      ids: selection ? [...selectedIds] : undefined,
      locale: i18n.language,
      ...(kind === 'pdf' ? { comments: true } : {}),
    };
    downloadExport(kind, body)
      .then(() => notifications.show({ color: 'green', message: t('done') }))
      .catch((error: unknown) => showErrorToast(t, error))
      .finally(() => setBusy(null));
  };
  // The same export prepared by a job (large lists, or to leave the page meanwhile): it shows in Downloads and
  // the person is told when it is ready (download-ready-notices.tsx), or by e-mail when they have left.
  const prepare = (format: 'issuesXlsx' | 'issuesReport') => {
    void client
      .mutation(PrepareIssueExportDocument, {
        input: {
          projectId,
          format,
          filter: exportFilterJson(filter),
          ids: selection ? [...selectedIds] : undefined,
          locale: i18n.language,
          ...(format === 'issuesReport' ? { comments: true } : {}),
        },
      })
      .toPromise()
      .then((result) => {
        if (result.error) throw result.error;
        notifications.show({
          color: 'blue',
          message: (
            <Text size="sm" data-testid="export-background-started">
              {t('preparing')}{' '}
              <Anchor
                href="/workspace/downloads"
                size="sm"
                onClick={(event) => {
                  // The toasts live outside the router: the link navigates with this screen's router.
                  event.preventDefault();
                  void navigate('/workspace/downloads');
                }}
              >
                {t('openDownloads')}
              </Anchor>
            </Text>
          ),
        });
      })
      .catch((error: unknown) => showErrorToast(t, error));
  };
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        {inBulkBar ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={busy !== null}
            aria-label={t('everyday:bulkExport.label', { count: selectedIds.length })}
            data-testid="bulk-export"
          >
            {t('everyday:bulkExport.button')}
          </Button>
        ) : (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={busy !== null}
            aria-label={selection ? t('labelSelection', { count: selectedIds.length }) : t('label')}
            data-testid="export-menu"
          >
            <Text span size="sm" visibleFrom="sm">
              {t('button')}
            </Text>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {selection ? t('scopeSelection', { count: selectedIds.length }) : t('scopeFiltered')}
        </Menu.Label>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => run('xlsx')}
          data-testid="export-xlsx"
        >
          {t('xlsx')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileText size={16} />}
          onClick={() => run('csv')}
          data-testid="export-csv"
        >
          {t('csv')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileTypePdf size={16} />}
          onClick={() => run('pdf')}
          data-testid="export-pdf"
        >
          {t('pdf')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('background')}</Menu.Label>
        <Menu.Item
          leftSection={<IconClockDown size={16} />}
          onClick={() => prepare('issuesXlsx')}
          data-testid="export-background-xlsx"
        >
          {t('backgroundXlsx')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconClockDown size={16} />}
          onClick={() => prepare('issuesReport')}
          data-testid="export-background-report"
        >
          {t('backgroundReport')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconPrinter size={16} />}
          component="a"
          href={issuesReportPath({
            projectId,
            filter: exportFilterJson(filter),
            ids: selection ? selectedIds : undefined,
            comments: true,
          })}
          target="_blank"
          rel="noopener"
          data-testid="export-print"
        >
          {t('print')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
