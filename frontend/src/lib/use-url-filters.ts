import { useSearchParams } from 'react-router';

/**
 * A screen's filters kept in the URL's query (Back, a reload and a shared link show the same screen): one string
 * per key of `keys` ('' when absent), and a setter that writes the keys given (an empty value removes its key) and
 * keeps the others, without scrolling the page.
 */
export function useUrlFilters<T extends Record<string, string>>(keys: T) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = Object.fromEntries(Object.keys(keys).map((key) => [key, searchParams.get(key) ?? ''])) as T;
  const set = (patch: Partial<T>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { preventScrollReset: true },
    );
  return [filters, set] as const;
}
