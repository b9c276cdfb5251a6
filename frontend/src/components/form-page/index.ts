export { FormActions, FormPage, type FormPageProps } from './form-page';
