import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readRowFilter, writeRowFilter, type RowFilter } from '../lib/row-filter.ts';

/**
 * The review's filter: read from the URL once, then held here and written back to the
 * URL (replacing, not adding history), so a view can be linked and reloaded. Held in
 * state because the router applies a search change a moment later: two quick changes
 * made from the URL would each start from the old one and the second would undo the first.
 */
export function useRowFilter() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [filter, setFilter] = useState(() => readRowFilter(searchParams));
  const search = writeRowFilter(filter).toString();
  useEffect(() => {
    if (search === window.location.search.replace(/^\?/, '')) return;
    void navigate({ search: search ? `?${search}` : '' }, { replace: true });
  }, [search, navigate]);
  const change = (next: Partial<RowFilter>) => setFilter((current) => ({ ...current, ...next }));
  return [filter, change] as const;
}
