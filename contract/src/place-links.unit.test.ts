import { describe, expect, it } from 'vitest';
import { classifyPlaceInput, formatLatLng, parsePlaceLink } from './place-links.ts';

const EIFFEL = { lat: 48.8583701, lng: 2.2944813 };

describe('parsePlaceLink: Google Maps', () => {
  it.each([
    [
      'place page: !3d!4d is the place, @ only the view',
      'https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2919064,17z/data=!3m1!4b1!4m6!3m5!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0!8m2!3d48.8583701!4d2.2944813!16zL20vMDJqODE?entry=ttu',
      { ...EIFFEL, name: 'Eiffel Tower' },
    ],
    [
      'place page with an encoded name, no data part',
      'https://www.google.com/maps/place/Mus%C3%A9e+du+Louvre/@48.8606111,2.337644,17z',
      { lat: 48.8606111, lng: 2.337644, name: 'Musée du Louvre' },
    ],
    [
      'a map view',
      'https://www.google.com/maps/@40.7579747,-73.9855426,15z',
      { lat: 40.7579747, lng: -73.9855426 },
    ],
    [
      'a street view',
      'https://www.google.com/maps/@35.6585805,139.7454329,3a,75y,90t/data=!3m6!1e1',
      { lat: 35.6585805, lng: 139.7454329 },
    ],
    [
      'the search API with coordinates',
      'https://www.google.com/maps/search/?api=1&query=48.8584,2.2945',
      { lat: 48.8584, lng: 2.2945 },
    ],
    [
      'an old maps.google.com q= link',
      'http://maps.google.com/maps?q=-33.8567844,151.213108&z=15',
      { lat: -33.8567844, lng: 151.213108 },
    ],
    [
      'q=loc: with a label elsewhere',
      'https://maps.google.co.uk/maps?q=loc:51.5007,-0.1246&hl=en',
      { lat: 51.5007, lng: -0.1246 },
    ],
    [
      'a named search with the view',
      'https://www.google.de/maps/search/Brandenburger+Tor/@52.5162746,13.3777041,17z',
      { lat: 52.5162746, lng: 13.3777041, name: 'Brandenburger Tor' },
    ],
    [
      'directions with a destination pair',
      'https://www.google.com/maps/dir/?api=1&destination=41.8902,12.4922',
      { lat: 41.8902, lng: 12.4922 },
    ],
    [
      'a dropped pin, named by its own degrees, minutes, seconds',
      "https://www.google.com/maps/place/48%C2%B051'30.1%22N+2%C2%B017'40.1%22E/@48.8583701,2.2919064,17z/data=!3m1!4b1!4m4!3m3!8m2!3d48.8583701!4d2.2944813",
      { lat: 48.858361, lng: 2.294472 },
    ],
    [
      'a shared text with the link at the end',
      'Eiffel Tower https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2919064,17z/data=!4m6!3m5!8m2!3d48.8583701!4d2.2944813',
      { ...EIFFEL, name: 'Eiffel Tower' },
    ],
    [
      'a query name with the coordinates in the path',
      'https://www.google.com/maps?q=Colosseum&ll=41.8902,12.4922',
      { lat: 41.8902, lng: 12.4922, name: 'Colosseum' },
    ],
  ])('%s', (_, link, expected) => {
    expect(parsePlaceLink(link)).toEqual(expected);
  });

  it('knows a place_id query is not a name', () => {
    expect(
      parsePlaceLink(
        'https://www.google.com/maps/search/?api=1&query=place_id:ChIJLU7jZClu5kcR4PcOOO6p3I0&ll=48.85,2.29',
      ),
    ).toEqual({ lat: 48.85, lng: 2.29 });
  });
});

describe('parsePlaceLink: OpenStreetMap', () => {
  it.each([
    ['https://www.openstreetmap.org/#map=17/48.85837/2.29448', { lat: 48.85837, lng: 2.29448 }],
    [
      'https://www.openstreetmap.org/?mlat=51.50080&mlon=-0.12460#map=18/51.50080/-0.12460',
      { lat: 51.5008, lng: -0.1246 },
    ],
    [
      'https://www.openstreetmap.org/node/5013364398#map=19/48.85826/2.29450&layers=N',
      { lat: 48.85826, lng: 2.2945 },
    ],
    ['https://osm.org/?mlat=-22.95192&mlon=-43.21049', { lat: -22.95192, lng: -43.21049 }],
    ['https://openstreetmap.org/#map=15.5/35.68/139.76', { lat: 35.68, lng: 139.76 }],
  ])('%s', (link, expected) => {
    expect(parsePlaceLink(link)).toEqual(expected);
  });
});

describe('parsePlaceLink: Apple Maps', () => {
  it.each([
    [
      'https://maps.apple.com/?ll=48.858370,2.294481&q=Eiffel%20Tower',
      { lat: 48.85837, lng: 2.294481, name: 'Eiffel Tower' },
    ],
    [
      'https://maps.apple.com/?address=Champ+de+Mars,+Paris&auid=123&ll=48.8584,2.2945&lsp=9902&q=Tour+Eiffel',
      { lat: 48.8584, lng: 2.2945, name: 'Tour Eiffel' },
    ],
    [
      'https://maps.apple.com/place?coordinate=40.689247,-74.044502&name=Statue%20of%20Liberty',
      { lat: 40.689247, lng: -74.044502, name: 'Statue of Liberty' },
    ],
    ['http://maps.apple.com/?sll=37.7749,-122.4194&z=10', { lat: 37.7749, lng: -122.4194 }],
  ])('%s', (link, expected) => {
    expect(parsePlaceLink(link)).toEqual(expected);
  });
});

describe('parsePlaceLink: geo: URIs and coordinates', () => {
  it.each([
    ['geo:48.8584,2.2945', { lat: 48.8584, lng: 2.2945 }],
    ['geo:48.8584,2.2945?z=17', { lat: 48.8584, lng: 2.2945 }],
    ['geo:48.8584,2.2945;u=35', { lat: 48.8584, lng: 2.2945 }],
    ['geo:0,0?q=48.8584,2.2945(Eiffel Tower)', { lat: 48.8584, lng: 2.2945, name: 'Eiffel Tower' }],
    ['48.8584, 2.2945', { lat: 48.8584, lng: 2.2945 }],
    ['48.8584,2.2945', { lat: 48.8584, lng: 2.2945 }],
    [' -33.8568   151.2153 ', { lat: -33.8568, lng: 151.2153 }],
    ['40, -74', { lat: 40, lng: -74 }],
    ['+48.8584,+2.2945', { lat: 48.8584, lng: 2.2945 }],
    ['48.8584° N, 2.2945° E', { lat: 48.8584, lng: 2.2945 }],
    ['33.8568S 151.2153E', { lat: -33.8568, lng: 151.2153 }],
    ['40.6892° N 74.0445° W', { lat: 40.6892, lng: -74.0445 }],
    [`48°51'30.1"N 2°17'40.1"E`, { lat: 48.858361, lng: 2.294472 }],
  ])('%s', (text, expected) => {
    expect(parsePlaceLink(text)).toEqual(expected);
  });

  it.each([
    '91, 0',
    '0, 181',
    '-90.0001, 10',
    '12 34',
    'paris',
    'Louvre 2',
    '',
    'geo:0,0?q=Eiffel Tower',
    'geo:abc',
    '1.2.3, 4',
  ])('refuses %j', (text) => {
    expect(parsePlaceLink(text)).toBeNull();
  });
});

describe('classifyPlaceInput', () => {
  it('tells short links, which need the network, from unreadable ones and text', () => {
    for (const short of [
      'https://maps.app.goo.gl/Qb2QVUpVNLbJDUwq5',
      'https://goo.gl/maps/abc123',
      'Check this out https://maps.app.goo.gl/xyz',
      'https://maps.apple/p/AbCdEf',
      'https://osm.org/go/0BOdUs9e--',
    ]) {
      expect(classifyPlaceInput(short)).toEqual({ kind: 'short-link' });
    }
    for (const unreadable of [
      'https://www.google.com/maps/place/Eiffel+Tower',
      'https://www.openstreetmap.org/node/123',
      'https://example.com/?ll=48.85,2.29',
      'https://maps.apple.com/?q=Louvre',
      'geo:nowhere',
    ]) {
      expect(classifyPlaceInput(unreadable)).toEqual({ kind: 'unreadable-link' });
    }
    expect(classifyPlaceInput('louvre')).toEqual({ kind: 'text' });
    expect(classifyPlaceInput('Google maps')).toEqual({ kind: 'text' });
    expect(classifyPlaceInput('48.8584, 2.2945')).toEqual({
      kind: 'point',
      point: { lat: 48.8584, lng: 2.2945 },
    });
  });
});

describe('formatLatLng', () => {
  it('keeps five decimals', () => {
    expect(formatLatLng(48.858370123, -2.2)).toBe('48.85837, -2.20000');
  });
});
