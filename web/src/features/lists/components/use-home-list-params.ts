import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The side column's state lives in the URL (engineering guide), under names of its own
 * so it sits beside My Spots' filters: `lists_page`, `followed_page`, `lists_search`.
 * Updates keep every other parameter and replace the history entry.
 */
const PARAM = { own: 'lists_page', saved: 'followed_page', search: 'lists_search' } as const;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function useHomeListParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || value === '1') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return {
    ownPage: readPage(params.get(PARAM.own)),
    savedPage: readPage(params.get(PARAM.saved)),
    search: params.get(PARAM.search) ?? '',
    searching: params.has(PARAM.search),
    setOwnPage: (page: number) => update({ [PARAM.own]: String(page) }),
    setSavedPage: (page: number) => update({ [PARAM.saved]: String(page) }),
    /** Spec §4: a search edit goes back to page 1 of both sections. */
    setSearch: (search: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(PARAM.search, search);
          next.delete(PARAM.own);
          next.delete(PARAM.saved);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    closeSearch: () => update({ [PARAM.search]: null, [PARAM.own]: null, [PARAM.saved]: null }),
  };
}
