import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import { ACCESS_LIST_PATH, ACCESS_PAGE, dashboardLabel, roleQueryOptions } from '../api/access-admin-api';
import { AccessMatrix } from '../components/access-matrix';
import { RoleDetailsForm } from '../components/role-details-form';
import { EveryAccessTag } from '../components/role-tags';
import '../access-admin.css';

/**
 * /system/menu-page-access/:id: a role's details (its name fixed) and its matrix of page access; editable with edit
 * access, read only otherwise.
 */
export function RolePage() {
  const { id: param } = useParams();
  const roleId = Number(param);
  const access = usePageAccess(ACCESS_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const role = useQuery(roleQueryOptions(roleId));
  const data = role.data;
  const canEditDetails = access.isEdit;

  return (
    <Page
      breadcrumb={systemCrumbs('Menu Page Access', ACCESS_LIST_PATH, data?.role.roleDescription ?? 'Role')}
      title={data ? data.role.roleDescription : 'Role'}
      subtitle={
        data ? (
          <>
            Dashboard: {dashboardLabel(data.role.dashboardComponent)} ·{' '}
            {data.role.users} active {data.role.users === 1 ? 'user' : 'users'}
          </>
        ) : undefined
      }
      extra={data?.role.everyPage ? <EveryAccessTag /> : undefined}
      width="full"
      className="role-page"
    >
      {!access.isRead ? (
        <Card variant="borderless" className="page-card">
          <Result status="403" title="You do not have access to view the roles." />
        </Card>
      ) : role.isError || !Number.isFinite(roleId) ? (
        <Card variant="borderless" className="page-card">
          <Result
            status="warning"
            title="Error loading data"
            subTitle={role.error ? errorMessage(role.error) : undefined}
            extra={<Button onClick={() => navigate(ACCESS_LIST_PATH)}>Back to Menu Page Access</Button>}
          />
        </Card>
      ) : !data ? (
        <Card variant="borderless" className="page-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <>
          <Card variant="borderless" className="page-card role-page__details" title="Details">
            <RoleDetailsForm
              key={`${data.role.id}`}
              role={data.role}
              readOnly={!canEditDetails}
              onSaved={(saved) => queryClient.setQueryData(roleQueryOptions(roleId).queryKey, saved)}
            />
          </Card>
          <Card variant="borderless" className="page-card role-page__matrix" title="Page access">
            <AccessMatrix
              key={data.role.id}
              role={data}
              canEdit={access.isEdit}
              onSaved={(saved) => queryClient.setQueryData(roleQueryOptions(roleId).queryKey, saved)}
            />
          </Card>
        </>
      )}
    </Page>
  );
}
