/** Query keys of the imports feature: one import (its job and its rows) per id. */
export const importKeys = {
  all: ['imports'] as const,
  detail: (id: number) => ['imports', 'detail', id] as const,
  recent: ['imports', 'recent'] as const,
  /** a row's place search: its own key, so one row's results never show on another */
  search: (text: string, lat: number | undefined, lng: number | undefined) =>
    ['imports', 'place-search', text, lat, lng] as const,
};
