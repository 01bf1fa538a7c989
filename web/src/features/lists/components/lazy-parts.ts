import { lazy } from 'react';

/*
 * What a list page needs only after a click (edit mode, the dialogs) or on a rare answer
 * (not public) is split off, so the first screen waits for fewer files (issue 5 §7).
 * Each loader is kept so the page can fetch them ahead once the list is on screen.
 */
const loaders = {
  edit: () => import('./EditListPanel.tsx'),
  share: () => import('./ShareDialog.tsx'),
  makeShareable: () => import('./MakeShareableDialog.tsx'),
  addSpots: () => import('./AddMySpotsDialog.tsx'),
};

export const EditListPanel = lazy(() => loaders.edit().then((m) => ({ default: m.EditListPanel })));
export const ShareDialog = lazy(() => loaders.share().then((m) => ({ default: m.ShareDialog })));
export const MakeShareableDialog = lazy(() =>
  loaders.makeShareable().then((m) => ({ default: m.MakeShareableDialog })),
);
export const AddMySpotsDialog = lazy(() =>
  loaders.addSpots().then((m) => ({ default: m.AddMySpotsDialog })),
);

/** Lets the map and the images go first: they are what the reader is waiting for. */
const PRELOAD_AFTER_MS = 3000;

/** Fetches the split-off parts later, when idle, so a click opens them at once. */
export function preloadListParts(isOwner: boolean) {
  // A failure here (e.g. a new release replaced the files) is not the reader's problem:
  // the click that needs the part will try again and report it.
  const ignore = () => undefined;
  const load = () => {
    void loaders.share().catch(ignore);
    if (!isOwner) return;
    void loaders.edit().catch(ignore);
    void loaders.makeShareable().catch(ignore);
    void loaders.addSpots().catch(ignore);
  };
  // Safari has no requestIdleCallback.
  const whenIdle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
  window.setTimeout(() => (whenIdle ? whenIdle(load) : load()), PRELOAD_AFTER_MS);
}
