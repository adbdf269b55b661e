import { useState, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { useProfileImageUpload, withImage } from '../../components/image-cropper/use-profile-image-upload.ts';
import {
  AdminCreateCompanyDocument,
  AdminUpdateCompanyDocument,
  type CompanyProfileFieldsFragment,
} from '../../gql/generated.ts';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { NEW_COMPANY, valuesOf } from './admin-company-form.ts';
import { CompanyFormDialog } from './company-form-dialog.tsx';

/** The company form dialog with its create and update calls; `onSaved` runs after a successful save. */
export function useCompanyForm(onSaved: (company: CompanyProfileFieldsFragment) => void): {
  dialog: ReactNode;
  openCreate: () => void;
  openEdit: (company: CompanyProfileFieldsFragment) => void;
} {
  const { t } = useTranslation('admin');
  const client = useClient();
  const save = useAsyncAction();
  const upload = useProfileImageUpload('COMPANY_LOGO');
  const [open, setOpen] = useState<{ key: number; company: CompanyProfileFieldsFragment | null } | null>(
    null,
  );
  const start = (company: CompanyProfileFieldsFragment | null) => {
    save.setError(null);
    setOpen({ key: Date.now(), company });
  };
  const editing = open?.company ?? null;
  const dialog = (
    <CompanyFormDialog
      key={open?.key ?? 'closed'}
      opened={open !== null}
      mode={editing ? 'edit' : 'create'}
      initial={editing ? valuesOf(editing) : NEW_COMPANY}
      currentLogo={editing?.logo ?? null}
      busy={save.busy}
      uploading={upload.uploading}
      error={save.error}
      onClose={() => setOpen(null)}
      onSubmit={(fields, logo) => {
        let saved: CompanyProfileFieldsFragment | null = null;
        void save
          .run(async () => {
            const input = withImage(fields, 'logo', await upload.resolve(logo));
            if (editing) {
              const result = await client
                .mutation(AdminUpdateCompanyDocument, { companyId: editing.id, input })
                .toPromise();
              if (result.error) throw result.error;
              saved = result.data?.adminUpdateCompany ?? null;
            } else {
              const result = await client.mutation(AdminCreateCompanyDocument, { input }).toPromise();
              if (result.error) throw result.error;
              saved = result.data?.adminCreateCompany ?? null;
            }
          })
          .then((ok) => {
            if (!ok || !saved) return;
            setOpen(null);
            notifications.show({ color: 'teal', message: t('companies.saved', { name: fields.name }) });
            onSaved(saved);
          });
      }}
    />
  );
  return { dialog, openCreate: () => start(null), openEdit: (company) => start(company) };
}
