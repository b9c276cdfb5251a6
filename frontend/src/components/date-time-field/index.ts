export { DateTimeField, futureRule } from './date-time-field';
export type { DateTimeFieldProps } from './date-time-field';
