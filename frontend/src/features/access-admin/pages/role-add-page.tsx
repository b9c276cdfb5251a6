import { Alert } from 'antd';
import { useNavigate } from 'react-router';
import { FormPage, systemCrumbs } from '@/components/form-page';
import { usePageAccess } from '@/lib/session';
import { ACCESS_LIST_PATH, ACCESS_PAGE, rolePath } from '../api/access-admin-api';
import { RoleDetailsForm } from '../components/role-details-form';
import '../access-admin.css';

/** /system/menu-page-access/add: a new role (no access yet); saved, it opens on its own page to set its matrix. */
export function RoleAddPage() {
  const access = usePageAccess(ACCESS_PAGE);
  const navigate = useNavigate();
  return (
    <FormPage
      breadcrumb={systemCrumbs('Menu Page Access', ACCESS_LIST_PATH, 'Add')}
      title="Add Role"
      subtitle="A new role starts with no access: you tick its pages next."
    >
      {access.isWrite ? (
        <RoleDetailsForm
          onSaved={(saved) => navigate(rolePath(saved.role.id), { replace: true })}
          onCancel={() => navigate(ACCESS_LIST_PATH)}
        />
      ) : (
        <Alert type="info" showIcon title="You do not have access to add roles." />
      )}
    </FormPage>
  );
}
