/**
 * Quick capture (issue #3 §2): a link to a place on Google Maps, OpenStreetMap or Apple
 * Maps, a `geo:` URI or a plain "lat, lng" pair, read offline into a point and, when the
 * link names the place, its name. Pure, so the web recognises a paste as it happens and
 * the server reads the same text the same way.
 */

export interface LinkedPoint {
  lat: number;
  lng: number;
  /** The place's name when the link carries one (Google /place/Name/, Apple q=Name …). */
  name?: string;
}

export const PLACE_LINK_MESSAGES = {
  shortLink:
    "Short links like maps.app.goo.gl can't be opened here. Open the link in your browser, then copy the full address from its address bar and paste that instead.",
  unreadable:
    "We couldn't find a location in this link. Paste a Google Maps, OpenStreetMap or Apple Maps link to a place, or coordinates like 48.8584, 2.2945.",
} as const;

/** What a search box holds: a point, a link we can't read offline, or plain search text. */
export type PlaceInput =
  | { kind: 'point'; point: LinkedPoint }
  | { kind: 'short-link' }
  | { kind: 'unreadable-link' }
  | { kind: 'text' };

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*,\s*(${NUMBER})\s*$`);
const PAIR_SPACED = new RegExp(String.raw`^\s*([-+]?\d{1,3}\.\d+)\s+([-+]?\d{1,3}\.\d+)\s*$`);
// 48.8584° N, 2.2945° E  /  48.8584N 2.2945E
const HEMISPHERES = new RegExp(
  String.raw`^\s*(\d{1,2}(?:\.\d+)?)\s*°?\s*([NS])\s*,?\s*(\d{1,3}(?:\.\d+)?)\s*°?\s*([EW])\s*$`,
  'i',
);
const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/i;
const GEO_URI = /\bgeo:(.+)$/i;
// 48°51'30.2"N 2°17'40.2"E, as Google names a dropped pin
const DMS = new RegExp(
  String.raw`^\s*(\d{1,2})°\s*(\d{1,2})['′]\s*(\d{1,2}(?:\.\d+)?)["″]?\s*([NS])[\s,]*(\d{1,3})°\s*(\d{1,2})['′]\s*(\d{1,2}(?:\.\d+)?)["″]?\s*([EW])\s*$`,
  'i',
);
/** Links that only redirect: reading them needs the network, which we don't use. */
const SHORT_LINKS: [host: string, pathPrefix: string][] = [
  ['maps.app.goo.gl', '/'],
  ['goo.gl', '/maps'],
  ['g.co', '/kgs'],
  ['maps.apple', '/p/'],
  ['osm.org', '/go/'],
];

/** A point only when both numbers are in range: latitude ±90, longitude ±180. */
function point(lat: number, lng: number, name?: string): LinkedPoint | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const cleanName = name?.replace(/\s+/g, ' ').trim();
  return cleanName ? { lat, lng, name: cleanName } : { lat, lng };
}

/**
 * "48.8584, 2.2945", "48.8584 2.2945" (decimals required without a comma, so "12 34"
 * stays search text) and "48.8584° N, 2.2945° E".
 */
export function parseCoordinates(text: string, name?: string): LinkedPoint | null {
  const pair = PAIR.exec(text) ?? PAIR_SPACED.exec(text);
  if (pair) return point(Number(pair[1]), Number(pair[2]), name);
  const sign = (hemisphere: string) => (/[SW]/i.test(hemisphere) ? -1 : 1);
  const h = HEMISPHERES.exec(text);
  if (h) return point(Number(h[1]) * sign(h[2]!), Number(h[3]) * sign(h[4]!), name);
  const d = DMS.exec(text);
  if (!d) return null;
  const degrees = (deg: string, min: string, sec: string) =>
    Number(deg) + Number(min) / 60 + Number(sec) / 3600;
  const lat = degrees(d[1]!, d[2]!, d[3]!) * sign(d[4]!);
  const lng = degrees(d[5]!, d[6]!, d[7]!) * sign(d[8]!);
  return point(Math.round(lat * 1e6) / 1e6, Math.round(lng * 1e6) / 1e6, name);
}

/** Google puts names in paths with '+' for spaces; a bad escape keeps the raw text. */
function decodeName(raw: string): string {
  const spaced = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** geo:48.8584,2.2945?z=17, geo:0,0?q=48.8584,2.2945(Eiffel Tower), geo:48.8,2.2;u=35 */
function parseGeoUri(body: string): LinkedPoint | null {
  const [coordinates = '', query = ''] = body.split('?', 2);
  const q = new URLSearchParams(query).get('q');
  if (q) {
    const labelled = /^([^()]+?)\s*(?:\((.*)\))?$/.exec(q);
    const found = labelled && parseCoordinates(labelled[1]!, labelled[2]);
    if (found) return found;
  }
  const [lat, lng] = coordinates.split(';', 1)[0]!.split(',');
  if (lat === undefined || lng === undefined) return null;
  const found = point(Number(lat), Number(lng));
  // geo:0,0?q=Name means "search for Name", not a point in the Gulf of Guinea.
  return found && !(found.lat === 0 && found.lng === 0) ? found : null;
}

function isGoogleMaps(url: URL): boolean {
  const host = url.hostname.replace(/^www\./, '');
  if (/^maps\.google\.[a-z.]+$/.test(host)) return true;
  return /^google\.[a-z.]+$/.test(host) && url.pathname.startsWith('/maps');
}

function parseGoogle(url: URL): LinkedPoint | null {
  const path = decodeName(url.pathname);
  const named = /\/maps\/(?:place|search)\/([^/@]+)/.exec(url.pathname);
  let name = named ? decodeName(named[1]!) : undefined;
  // A dropped pin is "named" by its own coordinates: that is a point, not a name.
  if (name && parseCoordinates(name)) return parseCoordinates(name);
  // A query that is not a coordinate pair is the place's name ("q=Louvre Museum").
  for (const key of ['q', 'query', 'destination', 'daddr', 'll', 'center', 'sll']) {
    const value = url.searchParams.get(key);
    if (!value) continue;
    const found = parseCoordinates(value.replace(/^loc:/, ''), name);
    if (found) return found;
    const isName = ['q', 'query', 'destination', 'daddr'].includes(key);
    if (isName && !value.startsWith('place_id:')) name ??= value;
  }
  // !3d!4d is the place itself; @lat,lng is only where the map was looking.
  const pin = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/.exec(path + url.search);
  if (pin) return point(Number(pin[1]), Number(pin[2]), name);
  const view = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(path);
  if (view) return point(Number(view[1]), Number(view[2]), name);
  return null;
}

function parseOsm(url: URL): LinkedPoint | null {
  const mlat = url.searchParams.get('mlat') ?? url.searchParams.get('lat');
  const mlon = url.searchParams.get('mlon') ?? url.searchParams.get('lon');
  if (mlat && mlon) return point(Number(mlat), Number(mlon));
  const map = /map=\d+(?:\.\d+)?\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(url.hash);
  if (map) return point(Number(map[1]), Number(map[2]));
  return null;
}

function parseApple(url: URL): LinkedPoint | null {
  const name = url.searchParams.get('name') ?? url.searchParams.get('q') ?? undefined;
  for (const key of ['coordinate', 'll', 'daddr', 'sll', 'center']) {
    const value = url.searchParams.get(key);
    const found = value ? parseCoordinates(value, name) : null;
    if (found) return found;
  }
  return null;
}

function parseUrl(url: URL): LinkedPoint | null {
  const host = url.hostname.replace(/^www\./, '');
  if (isGoogleMaps(url)) return parseGoogle(url);
  if (host === 'openstreetmap.org' || host === 'osm.org') return parseOsm(url);
  if (host === 'maps.apple.com' || host === 'maps.apple') return parseApple(url);
  return null;
}

function isShortLink(url: URL): boolean {
  const host = url.hostname.replace(/^www\./, '');
  return SHORT_LINKS.some(([h, prefix]) => host === h && url.pathname.startsWith(prefix));
}

/** Reads the box's text: a point, a short or unreadable link, or text to search for. */
export function classifyPlaceInput(text: string): PlaceInput {
  const trimmed = text.trim();
  const geo = GEO_URI.exec(trimmed);
  if (geo) {
    const found = parseGeoUri(geo[1]!);
    return found ? { kind: 'point', point: found } : { kind: 'unreadable-link' };
  }
  const link = URL_IN_TEXT.exec(trimmed)?.[0];
  if (link) {
    let url: URL;
    try {
      url = new URL(link.replace(/[).,;]+$/, ''));
    } catch {
      return { kind: 'unreadable-link' };
    }
    if (isShortLink(url)) return { kind: 'short-link' };
    const found = parseUrl(url);
    return found ? { kind: 'point', point: found } : { kind: 'unreadable-link' };
  }
  const found = parseCoordinates(trimmed);
  return found ? { kind: 'point', point: found } : { kind: 'text' };
}

/** The point a link or coordinate text gives, or null (short links included). */
export function parsePlaceLink(text: string): LinkedPoint | null {
  const input = classifyPlaceInput(text);
  return input.kind === 'point' ? input.point : null;
}

/** "48.85837, 2.29448": five decimals is about a metre, plenty for a pin. */
export function formatLatLng(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
