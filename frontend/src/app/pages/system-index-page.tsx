import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { NavIcon } from '@/components/nav-icon';
import { sidebarItems } from '@/app/layout/navigation';
import { Page } from '@/components/page';
import type { NavItem } from '@/lib/api/types';
import { useSession } from '@/lib/session';

interface Group {
  key: string;
  label: string;
  icon?: string | null;
  items: NavItem[];
}

/** Groups with a submenu become cards; loose items are gathered in a "General" card. */
export function groupNavigations(items: NavItem[]): Group[] {
  const groups: Group[] = [];
  const loose: NavItem[] = [];
  for (const item of items) {
    if ((item.submenu ?? []).length > 0) {
      groups.push({ key: `group-${item.id}`, label: item.label, icon: item.icon, items: item.submenu ?? [] });
    } else if (item.url) {
      loose.push(item);
    }
  }
  return loose.length > 0 ? [{ key: 'general', label: 'General', icon: 'appstore', items: loose }, ...groups] : groups;
}

/** /system: the user's system menu groups as cards. */
export function SystemIndexPage() {
  const { navigations } = useSession();
  const groups = useMemo(() => groupNavigations(sidebarItems(navigations)), [navigations]);

  return (
    <Page title="System" subtitle="Everything you can manage, grouped by area.">
      {groups.length === 0 ? (
        <Card variant="borderless">
          <Empty description="No system menus are assigned to your role." />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col xs={24} md={12} xl={8} key={group.key}>
              <Card
                variant="borderless"
                className="system-card"
                title={
                  <span className="system-card__title">
                    <span className="system-card__icon">
                      <NavIcon name={group.icon} />
                    </span>
                    {group.label}
                  </span>
                }
              >
                <ul className="system-card__links">
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <Link to={item.url ?? '#'}>
                        <NavIcon name={item.icon} />
                        <span>{item.label}</span>
                        <RightOutlined className="system-card__chevron" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Page>
  );
}
