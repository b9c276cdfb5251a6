export { SavedViews } from './saved-views';
