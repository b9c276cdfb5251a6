export { StaleAlert } from './stale-alert';
