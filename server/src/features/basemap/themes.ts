/**
 * Calm, warm colours from the design brief: a soft neutral land, pale blue-grey water and
 * thin borders, so the teal spot pins are the strongest thing on the map. Label colours
 * keep a contrast of at least 4.5:1 against the land they sit on.
 */
export interface BasemapPalette {
  water: string;
  land: string;
  coast: string;
  border: string;
  cityText: string;
  countryText: string;
  halo: string;
}

export const PALETTES: Record<'light' | 'dark', BasemapPalette> = {
  light: {
    water: '#dce6eb',
    land: '#f6f2ea',
    coast: '#c7d5dc',
    border: '#c9bcaa',
    cityText: '#473e35',
    countryText: '#7a6d5f',
    halo: '#f6f2ea',
  },
  dark: {
    water: '#16222a',
    land: '#262420',
    coast: '#2e3b43',
    border: '#4d463d',
    cityText: '#ddd4c7',
    countryText: '#a39a8d',
    halo: '#262420',
  },
};

export type Theme = keyof typeof PALETTES;
