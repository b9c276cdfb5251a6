export { FormActions, FormPage, systemCrumbs, type Crumb, type FormPageProps } from './form-page';
export * from './use-record-form';
