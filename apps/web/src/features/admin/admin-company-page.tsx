import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { useQuery } from 'urql';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { AdminCompanyDocument, type AdminCompanyQuery } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

const TABS = ['profile', 'members', 'projects'] as const;

/** What the company tabs read from the page. */
export interface AdminCompanyContext {
  company: AdminCompanyQuery['adminCompany'];
  reload: () => void;
}

/** The company of /admin/company/{companyId}, for its tabs. */
export function useAdminCompany(): AdminCompanyContext {
  return useOutletContext<AdminCompanyContext>();
}

/** /admin/company/{companyId}: the company's name and its tabs profile, members and projects. */
export function AdminCompanyPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const companyId = Number(useParams()['companyId']);
  const valid = Number.isInteger(companyId) && companyId > 0;
  const [query, refetch] = useQuery({ query: AdminCompanyDocument, variables: { companyId }, pause: !valid });
  const company = query.data?.adminCompany;
  const tab = TABS.find((name) => pathname.endsWith(`/${name}`)) ?? 'profile';
  const context: AdminCompanyContext | null = company
    ? { company, reload: () => refetch({ requestPolicy: 'network-only' }) }
    : null;
  if (!valid) return <Navigate to="/admin/companies" replace />;
  return (
    <SettingsLayout
      title={company?.name ?? t('company.title')}
      avatar={company ? { src: company.logo, name: company.name, shape: 'logo' } : undefined}
      onClose={() => void navigate('/admin/companies')}
    >
      <Stack gap="md">
        <Tabs value={tab} onChange={(value) => value && void navigate(value)} keepMounted={false}>
          <Tabs.List>
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name} data-testid={`admin-company-tab-${name}`}>
                {t(`company.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <FormError error={query.error} />
        {query.fetching && !company && <LoadingCenter />}
        {context && <Outlet context={context} />}
      </Stack>
    </SettingsLayout>
  );
}
