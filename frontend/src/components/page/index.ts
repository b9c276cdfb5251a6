export { leadCrumbs, Page, systemCrumbs } from './page';
export type { Crumb, PageProps, PageWidth } from './page';
