import { useEffect, useRef, useState } from 'react';

/** Long enough to let a word be typed, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * What a search box shows, and when it reports: the text is kept locally and reported,
 * trimmed, once typing pauses, so the URL (and the request) follow words, not keys. A
 * change of `value` from outside (back, forward, Clear filters) replaces the text unless
 * it is the echo of our own report. `first` is true when a search starts from nothing.
 */
export function useDebouncedSearch(
  value: string,
  onSearch: (query: string, first: boolean) => void,
): [text: string, setText: (text: string) => void] {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const query = text.trim();
    if (query === reported.current) return;
    const timer = window.setTimeout(() => {
      const first = reported.current === '';
      reported.current = query;
      onSearchRef.current(query, first);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return [text, setText];
}
