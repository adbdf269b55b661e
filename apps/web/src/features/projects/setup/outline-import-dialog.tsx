import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { IconClipboardText, IconFileImport } from '@tabler/icons-react';
import { parseCsvOutline, parseOutline, type OutlineItem, type OutlineResult } from '@obra/domain';
import { useTranslation } from 'react-i18next';

/** The biggest file the import reads (a CSV of locations is a few kilobytes). */
const MAX_FILE_BYTES = 1_000_000;

/**
 * Setup by paste and import (issue 21): paste an indented list or choose a CSV file, see the tree it makes,
 * then add it (under the root or an existing item). Nothing is saved until the screen's Save.
 */
export function OutlineImportDialog({
  opened,
  onClose,
  parents,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  /** The items the import may go under, with their depth for the list. */
  parents: readonly { key: string; label: string }[];
  onAdd: (items: OutlineItem[], parentKey: string | null) => void;
}) {
  const { t } = useTranslation('everyday');
  const [tab, setTab] = useState<string | null>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ name: string; result: OutlineResult } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parent, setParent] = useState<string | null>(null);
  // After adding, the focus goes to the first new row (not back to the button that opened the dialog).
  const [added, setAdded] = useState(false);
  const pasted = useMemo(() => parseOutline(text), [text]);
  const result = tab === 'file' ? (file?.result ?? null) : pasted;

  const reset = () => {
    setText('');
    setFile(null);
    setFileError(null);
    setParent(null);
    setAdded(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  if (opened && added) setAdded(false);

  const read = (chosen: File | null) => {
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFile(null);
      setFileError(t('import.fileTooBig'));
      return;
    }
    void chosen
      .text()
      .then((content) => setFile({ name: chosen.name, result: parseCsvOutline(content) }))
      .catch(() => setFileError(t('import.fileUnreadable')));
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('import.title')}
      size="lg"
      returnFocus={!added}
      data-testid="outline-import"
    >
      <Stack gap="sm">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="paste" leftSection={<IconClipboardText size={14} />}>
              {t('import.paste')}
            </Tabs.Tab>
            <Tabs.Tab value="file" leftSection={<IconFileImport size={14} />}>
              {t('import.file')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="paste" pt="sm">
            <Textarea
              label={t('import.pasteLabel')}
              description={t('import.pasteHint')}
              placeholder={t('import.pastePlaceholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Tab indents inside the list instead of leaving the field.
                if (e.key !== 'Tab' || e.shiftKey) return;
                e.preventDefault();
                const input = e.currentTarget;
                const { selectionStart, selectionEnd, value } = input;
                setText(`${value.slice(0, selectionStart)}\t${value.slice(selectionEnd)}`);
                requestAnimationFrame(() => input.setSelectionRange(selectionStart + 1, selectionStart + 1));
              }}
              autosize
              minRows={6}
              maxRows={14}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', tabSize: 4 } }}
              data-autofocus
              data-testid="outline-import-text"
            />
          </Tabs.Panel>
          <Tabs.Panel value="file" pt="sm">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('import.fileHint')}
              </Text>
              <Group gap="sm">
                <FileButton onChange={read} accept=".csv,text/csv,text/plain">
                  {(props) => (
                    <Button variant="default" leftSection={<IconFileImport size={16} />} {...props}>
                      {t('import.chooseFile')}
                    </Button>
                  )}
                </FileButton>
                {file && (
                  <Text size="sm" data-testid="outline-import-file-name">
                    {file.name}
                  </Text>
                )}
              </Group>
              {fileError && (
                <Alert color="red" variant="light">
                  {fileError}
                </Alert>
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {parents.length > 0 && (
          <Select
            label={t('import.under')}
            data={[
              { value: '', label: t('import.root') },
              ...parents.map((p) => ({ value: p.key, label: p.label })),
            ]}
            value={parent ?? ''}
            onChange={(v) => setParent(v ? v : null)}
            allowDeselect={false}
            searchable
          />
        )}
        {result && result.count > 0 && (
          <Stack gap={4} data-testid="outline-import-preview">
            <Text size="sm" fw={500}>
              {t('import.preview', { count: result.count })}
            </Text>
            <ScrollArea.Autosize mah={240} type="auto">
              <Preview items={result.items} depth={0} />
            </ScrollArea.Autosize>
          </Stack>
        )}
        {result && result.problems.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            title={t('import.problemsTitle', { count: result.problems.length })}
          >
            {result.problems.map((p) => (
              <Text key={p.line} size="sm">
                {t(`import.problem.${p.reason}`, { line: p.line })}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('import.cancel')}
          </Button>
          <Button
            disabled={!result || result.count === 0}
            onClick={() => {
              if (!result) return;
              onAdd(result.items, parent);
              setAdded(true);
              onClose();
              setText('');
              setFile(null);
            }}
            data-testid="outline-import-add"
          >
            {t('import.add', { count: result?.count ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Preview({ items, depth }: { items: readonly OutlineItem[]; depth: number }) {
  return items.map((item, index) => (
    <div key={`${depth}-${index}`} role="presentation">
      <Group
        gap="xs"
        wrap="nowrap"
        style={{ paddingInlineStart: `calc(${depth} * var(--mantine-spacing-md))` }}
        data-testid="outline-import-row"
      >
        <Badge variant="light" size="sm">
          {item.abbreviation}
        </Badge>
        <Text size="sm" truncate>
          {item.name}
        </Text>
      </Group>
      {item.children.length > 0 && <Preview items={item.children} depth={depth + 1} />}
    </div>
  ));
}
