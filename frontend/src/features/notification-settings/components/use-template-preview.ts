import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage, isApiError, serverMessages } from '@/lib/api/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { previewQueryOptions } from '../api/settings-api';
import type { SettingFamily } from '../lib/families';

/** How long typing must pause before the server renders the template again. */
export const PREVIEW_DEBOUNCE_MS = 300;

export interface TemplatePreview {
  /** The rendered message (the last one while a newer template is on its way). */
  message: string | null;
  /** The server's reasons for refusing the template (a 422), as saving would refuse it. */
  refused: string[] | null;
  /** Any other failure to preview. */
  failed: string | null;
  /** The template changed since the shown preview. */
  updating: boolean;
}

/** The template rendered by the server as the admin types (debounced). */
export function useTemplatePreview(family: SettingFamily, action: string, template: string): TemplatePreview {
  const settled = useDebouncedValue(template, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({ ...previewQueryOptions(family, action, settled), placeholderData: keepPreviousData });
  const refused = isApiError(query.error) && query.error.status === 422 ? serverMessages(query.error) : null;
  return {
    message: query.data?.message ?? null,
    refused: refused && refused.length > 0 ? refused : null,
    failed: query.error && !refused ? errorMessage(query.error) : null,
    updating: settled !== template || query.isFetching,
  };
}
