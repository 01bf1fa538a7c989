import type { SpotMapProps } from './types.ts';

/**
 * Whether a map shows its pin list's toggle under it. The loader's placeholder keeps that
 * row free by the same rule (SpotMapLoader.tsx), so the page does not move when the map
 * arrives; this file loads with the page, not with the map.
 */
export const showsPinList = ({ pins, disabled }: Pick<SpotMapProps, 'pins' | 'disabled'>) =>
  !disabled && pins.length > 0;
