import { FilterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Drawer, Flex, Grid, Select } from 'antd';
import { useState } from 'react';
import { DateFilter, type DateFilterValue } from '@/components/date-filter';
import {
  entitiesQueryOptions,
  projectTypesQueryOptions,
  salesPersonsQueryOptions,
  salesUsersByLeaderQueryOptions,
  serviceCategoriesQueryOptions,
} from '@/lib/master-data';
import { chosenCount, type DashboardFiltersValue } from './filters';
import './dashboard-filters.css';

/** Whose names the sales person filter offers: everyone (whitelisted roles), the caller's team, or none (a sales
 * person sees only their own leads, so there is nothing to choose). The server never goes past the caller's scope. */
export type SalesPeopleScope = 'all' | 'team' | 'none';

/** The sales person filter's scope for a user: everyone when their role is hierarchy whitelisted, nothing on the
 * SALES dashboard, their team otherwise. */
export function salesPeopleScope(user: { hierarchyWhitelist: boolean; dashboardComponent: string | null } | undefined,
): SalesPeopleScope {
  if (user?.hierarchyWhitelist) return 'all';
  return user?.dashboardComponent === 'SALES' ? 'none' : 'team';
}

export interface DashboardFiltersProps {
  value: DashboardFiltersValue;
  onChange: (value: DashboardFiltersValue) => void;
  salesPeople: SalesPeopleScope;
}

interface Option {
  value: number;
  label: string;
}

function useOptions(salesPeople: SalesPeopleScope) {
  const projectTypes = useQuery(projectTypesQueryOptions());
  const entities = useQuery(entitiesQueryOptions());
  const categories = useQuery(serviceCategoriesQueryOptions());
  const everyone = useQuery(salesPersonsQueryOptions(salesPeople === 'all'));
  const team = useQuery(salesUsersByLeaderQueryOptions(salesPeople === 'team'));
  const people: Option[] =
    salesPeople === 'all'
      ? (everyone.data ?? []).map((p) => ({ value: p.id, label: p.fullname }))
      : (team.data ?? []).map((p) => ({ value: p.id, label: p.fullname }));
  return {
    projects: (projectTypes.data ?? []).map((p) => ({ value: p.id, label: p.projectTypeName })),
    entities: (entities.data ?? []).map((e) => ({ value: e.id, label: e.entityName })),
    categories: (categories.data ?? []).map((c) => ({ value: c.id, label: c.serviceCategoryName })),
    people,
    loading: projectTypes.isLoading || entities.isLoading || categories.isLoading,
  };
}

function Controls({ value, onChange, salesPeople, stacked }: DashboardFiltersProps & { stacked: boolean }) {
  const options = useOptions(salesPeople);
  // "Other" without both dates is not a filter yet: the date range applies once it is whole
  const [draftDate, setDraftDate] = useState<DateFilterValue>(value.date);
  const date = draftDate.range || draftDate.option !== value.date.option ? draftDate : value.date;
  const multi = (label: string, key: keyof Omit<DashboardFiltersValue, 'date'>, list: Option[]) => (
    <Select<number[]>
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder={label}
      maxTagCount="responsive"
      optionFilterProp="label"
      loading={options.loading}
      options={list}
      value={value[key]}
      onChange={(ids) => onChange({ ...value, [key]: ids })}
      className="dashboard-filters__select"
      style={stacked ? { width: '100%' } : undefined}
    />
  );
  return (
    <Flex gap={8} wrap vertical={stacked} align={stacked ? 'stretch' : 'center'} className="dashboard-filters">
      <DateFilter
        value={date}
        onChange={(next) => {
          setDraftDate(next);
          if (next.range) onChange({ ...value, date: next });
        }}
      />
      {multi('Project type', 'projectIds', options.projects)}
      {multi('Entity', 'entityIds', options.entities)}
      {multi('Category', 'categoryIds', options.categories)}
      {salesPeople !== 'none' && multi('Sales person', 'salesPersonIds', options.people)}
    </Flex>
  );
}

/**
 * The dashboard's filters (spec 2 §2.6), shared with the reports: the date range (the shared date filter, this year
 * by default), project types, entities, service categories and sales people. On a phone they sit behind a Filters
 * button (with how many are chosen) in a bottom drawer.
 */
export function DashboardFilters(props: DashboardFiltersProps) {
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  if (screens.md !== false) return <Controls {...props} stacked={false} />;
  return (
    <>
      <Badge count={chosenCount(props.value)} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)}>
          Filters
        </Button>
      </Badge>
      <Drawer
        title="Filters"
        placement="bottom"
        open={open}
        onClose={() => setOpen(false)}
        size="auto"
        styles={{ body: { paddingBottom: 24 } }}
        extra={
          <Button type="primary" onClick={() => setOpen(false)}>
            Done
          </Button>
        }
      >
        <Controls {...props} stacked />
      </Drawer>
    </>
  );
}
