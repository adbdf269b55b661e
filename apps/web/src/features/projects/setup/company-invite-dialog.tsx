import { useState } from 'react';
import { Group, MultiSelect, Select, Stack, Switch, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { CompanyMark } from '../../../components/image-cropper/company-mark.tsx';
import { AllCompaniesDocument, type DisciplineFieldsFragment } from '../../../gql/generated.ts';
import { companyInviteErrors, searchCompanies, type CompanyInviteValue } from './company-invite-form.ts';

/** A project role the company may take (systemRoles of type project). */
export interface RoleOption {
  id: number;
  name: string;
}

/**
 * Invites a company (company search, role, all or chosen disciplines) or, with `fixedCompany`, edits the role
 * and disciplines of a participating or invited company.
 */
export function CompanyInviteDialog({
  opened,
  title,
  fixedCompany,
  initial,
  roles,
  disciplines,
  excluded,
  busy,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  fixedCompany?: { id: number; name: string };
  initial: CompanyInviteValue;
  roles: readonly RoleOption[];
  disciplines: readonly DisciplineFieldsFragment[];
  excluded: ReadonlySet<number>;
  busy: boolean;
  onSubmit: (value: CompanyInviteValue & { companyId: number; projectRoleId: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const [value, setValue] = useState<CompanyInviteValue>(initial);
  const [touched, setTouched] = useState(false);
  const errors = touched ? companyInviteErrors(value) : {};
  const submit = () => {
    setTouched(true);
    const { companyId, projectRoleId } = value;
    if (companyId === null || projectRoleId === null) return;
    if (Object.keys(companyInviteErrors(value)).length > 0) return;
    onSubmit({ ...value, companyId, projectRoleId });
  };
  return (
    <FormDialog
      opened={opened}
      title={title}
      onClose={onClose}
      onSubmit={submit}
      size="lg"
      noValidate
      cancelLabel={t('common.cancel')}
      confirmLabel={fixedCompany ? t('common.save') : t('companies.sendInvite')}
      busy={busy}
      holdWhileBusy
    >
      {fixedCompany ? (
        <Text fw={600}>{fixedCompany.name}</Text>
      ) : (
        <CompanySearch
          selected={value.companyId}
          excluded={excluded}
          error={errors.company ? t('companies.companyRequired') : undefined}
          onSelect={(companyId) => setValue((v) => ({ ...v, companyId }))}
        />
      )}
      <Select
        label={t('companies.role')}
        data={roles.map((r) => ({
          value: String(r.id),
          label: t(`roles.${r.name}`, { defaultValue: r.name }),
        }))}
        value={value.projectRoleId === null ? null : String(value.projectRoleId)}
        onChange={(id) => setValue((v) => ({ ...v, projectRoleId: id === null ? null : Number(id) }))}
        error={errors.role ? t('companies.roleRequired') : undefined}
        required
        allowDeselect={false}
      />
      <Switch
        label={t('companies.allDisciplines')}
        checked={value.allDisciplines}
        onChange={(e) => {
          const allDisciplines = e.currentTarget.checked;
          setValue((v) => ({ ...v, allDisciplines }));
        }}
      />
      {!value.allDisciplines && (
        <MultiSelect
          label={t('companies.disciplines')}
          data={disciplines.map((d) => ({ value: String(d.id), label: `${d.abbreviation} · ${d.name}` }))}
          value={value.disciplinesId.map(String)}
          onChange={(ids) => setValue((v) => ({ ...v, disciplinesId: ids.map(Number) }))}
          error={errors.disciplines ? t('companies.disciplinesRequired') : undefined}
          searchable
          nothingFoundMessage={t('companies.noDisciplines')}
        />
      )}
    </FormDialog>
  );
}

/** Company search over allCompanies: results only from 2 typed characters (editor §5.3). */
function CompanySearch({
  selected,
  excluded,
  error,
  onSelect,
}: {
  selected: number | null;
  excluded: ReadonlySet<number>;
  error?: string;
  onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation('projects');
  const [search, setSearch] = useState('');
  const [all] = useQuery({ query: AllCompaniesDocument });
  const companies = all.data?.allCompanies ?? [];
  const results = searchCompanies(companies, search, excluded);
  const chosen = companies.find((c) => c.id === selected);
  const short = search.trim().length < 2;
  return (
    <Stack gap={6}>
      <TextInput
        label={t('companies.company')}
        placeholder={t('companies.searchCompany')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          onSelect(null);
        }}
        leftSection={<IconSearch size={16} />}
        description={chosen ? t('companies.chosen', { name: chosen.name }) : t('companies.searchHint')}
        error={error}
        required
        data-autofocus
      />
      {!chosen && !short && (
        <Stack gap={2} role="listbox" aria-label={t('companies.results')} data-testid="company-results">
          {results.map((c) => (
            <UnstyledButton
              key={c.id}
              role="option"
              aria-selected={false}
              p={6}
              onClick={() => {
                onSelect(c.id);
                setSearch(c.name);
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <CompanyMark logo={c.logo} name={c.name} size={26} />
                <Text size="sm">{c.name}</Text>
              </Group>
            </UnstyledButton>
          ))}
          {all.data && results.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('companies.noCompany')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
