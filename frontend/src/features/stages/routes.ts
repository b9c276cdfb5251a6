import type { RouteObject } from 'react-router';

const stageForms = () => import('./pages/stage-form-page');

/** Stage management: the stages of the board, add and edit. */
export const stageRoutes: RouteObject[] = [
  {
    path: '/system/stage-management',
    lazy: () => import('./pages/stage-management-page').then((m) => ({ Component: m.StageManagementPage })),
  },
  { path: '/system/stage-management/add', lazy: () => stageForms().then((m) => ({ Component: m.StageAddPage })) },
  { path: '/system/stage-management/edit/:stageId', lazy: () => stageForms().then((m) => ({ Component: m.StageEditPage })) },
];
