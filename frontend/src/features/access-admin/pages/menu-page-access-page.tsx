import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { AddButton, ListPage } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { usePageAccess } from '@/lib/session';
import { ACCESS_LIST_PATH, ACCESS_PAGE } from '../api/access-admin-api';
import { EffectiveAccessPanel } from '../components/effective-access';
import { RolesTable } from '../components/roles-table';
import '../access-admin.css';

export type AccessTab = 'roles' | 'effective';
const TAB = 'tab';
const USER = 'user';
/** The roles table's own address params, left behind when the effective tab opens. */
const LIST_PARAMS = ['page', 'size', 'q', 'sort', 'order'];

/**
 * /system/menu-page-access: the roles (what each may open, paged, searched and sorted on the server) and, on the
 * second tab, any user's effective access with the policy lines behind it. The tab and user are in the address.
 */
export function MenuPageAccessPage() {
  const access = usePageAccess(ACCESS_PAGE);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AccessTab = searchParams.get(TAB) === 'effective' ? 'effective' : 'roles';
  const userParam = Number(searchParams.get(USER));
  const userId = Number.isInteger(userParam) && userParam > 0 ? userParam : undefined;

  const openTab = (next: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === 'effective') {
        params.set(TAB, 'effective');
        for (const key of LIST_PARAMS) params.delete(key);
      } else {
        params.delete(TAB);
        params.delete(USER);
      }
      return params;
    });

  const chooseUser = (id: number | undefined) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (id === undefined) params.delete(USER);
      else params.set(USER, String(id));
      return params;
    });

  return (
    <ListPage
      breadcrumb={systemCrumbs('Menu Page Access')}
      title="Menu Page Access"
      subtitle="Roles and what each may read, write, edit and delete, page by page."
      action={access.isWrite && tab === 'roles' && <AddButton to={`${ACCESS_LIST_PATH}/add`} label="Add Role" />}
      canRead={access.isRead}
      noAccessText="You do not have access to view the roles."
    >
      <Tabs
        activeKey={tab}
        onChange={openTab}
        destroyOnHidden
        items={[
          { key: 'roles', label: 'Roles', children: <RolesTable access={access} /> },
          {
            key: 'effective',
            label: 'Effective access',
            children: <EffectiveAccessPanel userId={userId} onUser={chooseUser} />,
          },
        ]}
      />
    </ListPage>
  );
}
