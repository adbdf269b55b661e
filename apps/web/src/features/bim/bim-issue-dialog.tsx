import { Image, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation } from 'urql';
import { CreateBimIssueDocument } from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import type { ProjectDetails } from '../projects/project-context.ts';
import { uploadFile } from '../issues/edit/upload-file.ts';
import { pluginViewpointLocation, storedPluginViewpoint, type BimPin } from './bim-viewpoint.ts';
import type { BcfViewpoint } from '@obra/domain';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

/**
 * "New issue here": an issue pinned on the clicked element of the model (`bimPins`) with the view as a BCF
 * viewpoint (camera and selection), public, active, medium priority, in one discipline (the model's when it has
 * one), with the picture of the 3D view (`snapshot`) as its image. The full issue form edits the rest afterwards.
 */
export function BimIssueDialog({
  project,
  defaultDisciplineId,
  pin,
  viewpoint,
  snapshot,
  fromPlugin = false,
  onClose,
  onCreated,
}: {
  project: ProjectDetails;
  defaultDisciplineId: number | null;
  /** The clicked element; none for an issue at a plugin's viewpoint with nothing clicked. */
  pin: BimPin | null;
  viewpoint: BcfViewpoint;
  /** The picture of the view (the canvas), uploaded as the issue's first image. */
  snapshot: Blob | null;
  /**
   * The viewpoint is a BIM plugin's (the plugin session overlay): stored as a BCF viewpoint with the picture as its
   * snapshot, and without a clicked element the issue's location is the plugin's camera.
   */
  fromPlugin?: boolean;
  onClose: () => void;
  onCreated: (issueId: number) => void;
}) {
  const { t } = useTranslation(['bim', 'errors']);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [disciplineId, setDisciplineId] = useState<string | null>(
    String(defaultDisciplineId ?? project.disciplines[0]?.id ?? ''),
  );
  const [{ fetching }, createIssue] = useMutation(CreateBimIssueDocument);
  const client = useClient();
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const valid = title.trim() !== '' && !!disciplineId;

  useEffect(() => {
    if (!snapshot) return;
    const url = URL.createObjectURL(snapshot);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [snapshot]);

  const save = async () => {
    let images: { index: number; title: string; original: string; viewpoint: BcfViewpoint }[] | null = null;
    if (snapshot) {
      setUploading(true);
      try {
        const file = new File([snapshot], 'model-3d.png', { type: 'image/png' });
        const original = await uploadFile(client, project.id, file);
        images = [{ index: 0, title: t('issues3d.snapshotTitle'), original, viewpoint }];
      } catch (error) {
        showErrorToast(t, error);
        return;
      } finally {
        setUploading(false);
      }
    }
    const result = await createIssue({
      projectId: project.id,
      title: title.trim(),
      description: description.trim() || null,
      disciplines: [{ disciplineId: Number(disciplineId), status: 'todo' }],
      viewpoints: [fromPlugin ? storedPluginViewpoint(viewpoint, images?.[0]?.original ?? null) : viewpoint],
      bimPins: pin ? [pin] : fromPlugin ? [pluginViewpointLocation(viewpoint)] : null,
      images,
    });
    if (result.error || !result.data) {
      showErrorToast(t, result.error);
      return;
    }
    onCreated(result.data.createIssue.id);
  };

  return (
    <Modal opened onClose={onClose} title={t('issue.title')} data-testid="bim-issue-dialog">
      <Stack gap="sm">
        {pin && (
          <Text size="sm" c="dimmed">
            {t('issue.pinnedOn', { guid: pin.guid })}
          </Text>
        )}
        {preview && (
          <Image
            src={preview}
            alt={t('issues3d.snapshotTitle')}
            radius="sm"
            mah={180}
            fit="contain"
            data-testid="bim-issue-snapshot"
          />
        )}
        <TextInput
          label={t('issue.fieldTitle')}
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-testid="bim-issue-title"
        />
        <Select
          label={t('issue.discipline')}
          required
          value={disciplineId}
          onChange={setDisciplineId}
          allowDeselect={false}
          data={project.disciplines.map((d) => ({
            value: String(d.id),
            label: `${d.abbreviation} · ${d.name}`,
          }))}
        />
        <Textarea
          label={t('issue.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <ConfirmActions
          cancelLabel={t('issue.cancel')}
          onCancel={onClose}
          confirmLabel={t('issue.create')}
          onConfirm={() => void save()}
          busy={fetching || uploading}
          disabled={!valid}
          testId="bim-issue-save"
        />
      </Stack>
    </Modal>
  );
}
