import { Box, Button, Group, Modal } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkupEditor, type MarkupEditorHandle } from '../../../editor/canvas/markup-editor.tsx';
import { dataUrlToBlob } from './marked-up-snapshot.ts';

/** The markup editor over the frozen view; on closing, the marked-up image (if any was drawn) is handed back. */
export function MarkupDialog({ src, onClose }: { src: string; onClose: (image: Blob | null) => void }) {
  const { t } = useTranslation('bim');
  const handle = useRef<MarkupEditorHandle | null>(null);
  const images = useRef([{ src }]).current;
  const output = () => {
    const out = handle.current?.save();
    return out ? dataUrlToBlob(out.markedUpDataUrl) : null;
  };
  const download = () => {
    const image = output();
    if (!image) return;
    const url = URL.createObjectURL(image);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'model-markup.png';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Modal opened onClose={() => onClose(output())} title={t('tools.markupTitle')} size="90%" centered>
      <Box data-testid="bim-markup">
        <MarkupEditor ref={handle} images={images} editing height="65vh" />
      </Box>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={download} data-testid="bim-markup-download">
          {t('tools.markupDownload')}
        </Button>
        <Button onClick={() => onClose(output())} data-testid="bim-markup-done">
          {t('tools.markupDone')}
        </Button>
      </Group>
    </Modal>
  );
}
