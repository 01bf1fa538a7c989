import { AUTH_REQUIRED_DETAIL, IMPORT_MESSAGES, LIST_MESSAGES } from '@spotbook/contract';
import type { Actor, MatrixFixtures } from '../test/authorization-fixtures.ts';
import { uniqueName } from '../test/helper.ts';
import { fontFiles } from './features/basemap/fonts.ts';
import { freshPhoto, photoOfSpot } from './features/photos/test/fixtures.ts';
import { freshImport } from './features/imports/test/factories.ts';
import { renderIndexHtml } from './plugins/web-app.ts';

/**
 * Who may call what: every route of the app × the five actors, with the status each one
 * gets (spec §6, runtime contract §2–§4). authorization-matrix.api.test.ts sends every
 * cell as a real request and fails when a route of the app has no row here.
 *
 * Columns (test/authorization-fixtures.ts): anonymous; owner (author of the spots, owner
 * of the lists); other (signed in, nothing to do with the owner's things); viewer (signed
 * in, opens the owner's shareable list); follower (signed in, follows that list).
 *
 * A GET row stands for its HEAD twin too (Fastify adds one to every GET route); both
 * are sent, with the same expectations.
 */

/** A status, a few acceptable ones, or a status with the exact `detail` it must carry. */
export type Expected = number | readonly number[] | { status: number; detail: string };
export type Cells = Record<Actor, Expected>;

export interface CellRequest {
  url: string;
  body?: Record<string, unknown>;
}

export interface Case {
  /** what the request points at, e.g. "a private list" */
  target: string;
  /** The request of one cell; writes build their own disposable fixture here. */
  request(fx: MatrixFixtures, actor: Actor): CellRequest | Promise<CellRequest>;
  expect: Cells;
  /** The request signs in or out: sent on a new session of the actor, not the shared one. */
  freshSession?: boolean;
}

export interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the route's pattern exactly as Fastify registers it */
  url: string;
  cases: Case[];
}

/** Contract §2: a call that needs a signed-in user, without one. */
export const AUTH = { status: 403, detail: AUTH_REQUIRED_DETAIL } as const;
/** Contract §3: a list that exists but is private to someone else. */
export const NOT_PUBLIC = { status: 403, detail: LIST_MESSAGES.notPublic } as const;
/** Contract §3: a list id or slug that does not exist (any more). */
export const NO_LIST = { status: 404, detail: LIST_MESSAGES.listNotFound } as const;

/** The columns in ACTORS order, so each row of the table reads like a row of a matrix. */
const cells = (
  anonymous: Expected,
  owner: Expected,
  other: Expected,
  viewer: Expected,
  follower: Expected,
): Cells => ({ anonymous, owner, other, viewer, follower });
const everyone = (expected: Expected) => cells(expected, expected, expected, expected, expected);
const signedIn = (expected: Expected) => cells(AUTH, expected, expected, expected, expected);
/** Something of the owner's alone: the others are `refused`, signed-out callers told to sign in. */
const ownerOnly = (ok: Expected, refused: Expected) => cells(AUTH, ok, refused, refused, refused);

/**
 * Pages of the web app answer 503 "not built" (the same for everyone) when web/dist is
 * missing, as it is when the API suite runs before a build.
 */
const PAGE = renderIndexHtml() === undefined ? 503 : 200;

const to = (url: string) => () => ({ url });
const font = fontFiles()[0]!.file;
const mapPicture = 'map.png?width=300&height=200';

export const ROWS: Row[] = [
  // The web app, its robots.txt and the API docs: public.
  {
    method: 'GET',
    url: '/lists/:listId',
    cases: [
      {
        target: 'a private list (no preview tags, same page)',
        request: (fx) => ({ url: `/lists/${fx.privateList.id}` }),
        expect: everyone(PAGE),
      },
      {
        target: 'a shareable list',
        request: (fx) => ({ url: `/lists/${fx.sharedList.slug}` }),
        expect: everyone(PAGE),
      },
    ],
  },
  { method: 'GET', url: '/robots.txt', cases: [public200('/robots.txt')] },
  { method: 'GET', url: '/api/docs', cases: [public200('/api/docs')] },
  // Fastify adds `/api/docs/` beside swagger-ui's prefixed `/` route; only its HEAD twin
  // reaches onRoute, so this row is matched by that.
  { method: 'GET', url: '/api/docs/', cases: [public200('/api/docs/')] },
  { method: 'GET', url: '/api/docs/json', cases: [public200('/api/docs/json')] },
  { method: 'GET', url: '/api/docs/yaml', cases: [public200('/api/docs/yaml')] },
  {
    method: 'GET',
    url: '/api/docs/static/index.html',
    cases: [
      {
        target: 'the docs page (redirected to /api/docs/)',
        request: to('/api/docs/static/index.html'),
        expect: everyone(302),
      },
    ],
  },
  {
    method: 'GET',
    url: '/api/docs/static/swagger-initializer.js',
    cases: [public200('/api/docs/static/swagger-initializer.js')],
  },
  {
    method: 'GET',
    url: '/api/docs/static/*',
    cases: [public200('/api/docs/static/swagger-ui.css')],
  },

  // System: public.
  { method: 'GET', url: '/api/health', cases: [public200('/api/health')] },
  { method: 'GET', url: '/api/config/', cases: [public200('/api/config/')] },

  // Accounts: open to everyone (the token of a reset link is its own credential).
  { method: 'GET', url: '/api/user/session/', cases: [public200('/api/user/session/')] },
  {
    method: 'POST',
    url: '/api/user/login/',
    cases: [
      {
        target: "a disposable account's right password",
        request: async (fx) => ({ url: '/api/user/login/', body: await fx.freshCredentials() }),
        expect: everyone(200),
        freshSession: true,
      },
    ],
  },
  {
    method: 'POST',
    url: '/api/user/register/',
    cases: [
      {
        target: 'a new account',
        request: () => {
          const username = uniqueName('reg');
          const email = `${username}@example.test`;
          return { url: '/api/user/register/', body: { username, email, password: 'long enough' } };
        },
        expect: everyone(201),
        freshSession: true,
      },
    ],
  },
  {
    method: 'POST',
    url: '/api/user/logout/',
    cases: [
      {
        target: 'the current session',
        request: to('/api/user/logout/'),
        expect: everyone(200),
        freshSession: true,
      },
    ],
  },
  {
    method: 'POST',
    url: '/api/user/request-password-reset/',
    cases: [
      {
        target: "a disposable account's e-mail",
        request: async (fx) => ({
          url: '/api/user/request-password-reset/',
          body: { email: (await fx.account('mail')).email },
        }),
        expect: everyone(200),
      },
    ],
  },
  {
    method: 'POST',
    url: '/api/user/password-reset-confirm/:uidb64/:token/',
    cases: [
      {
        target: "a valid link of a disposable account's",
        request: async (fx) => {
          const { uidb64, token } = await fx.freshResetLink();
          return {
            url: `/api/user/password-reset-confirm/${uidb64}/${token}/`,
            body: { new_password: 'a new long password' },
          };
        },
        expect: everyone(200),
      },
    ],
  },

  // Places: the photo is public (shared lists show it signed out); the rest signed in.
  {
    method: 'GET',
    url: '/api/places/photo/:placeId',
    cases: [
      {
        target: 'a provider place with a cached photo',
        request: (fx) => ({ url: `/api/places/photo/${fx.photoPlace}` }),
        expect: everyone(200),
      },
      {
        target: "the owner's custom place (never has a provider photo)",
        request: (fx) => ({ url: `/api/places/photo/${fx.customPlace}` }),
        expect: everyone(404),
      },
    ],
  },
  {
    method: 'GET',
    url: '/api/places/place/:placeId',
    cases: [
      {
        target: 'a provider place',
        request: (fx) => ({ url: `/api/places/place/${fx.providerPlace}` }),
        expect: signedIn(200),
      },
      {
        // Contract §4: a custom pin is its author's (others see it only through a list).
        target: "the owner's custom place",
        request: (fx) => ({ url: `/api/places/place/${fx.customPlace}` }),
        expect: ownerOnly(200, 404),
      },
    ],
  },
  {
    method: 'GET',
    url: '/api/places/search/',
    cases: [
      signedInRead('a city search', '/api/places/search/?query=Paris&kind=city'),
      badInputSignedIn('a search with no query', to('/api/places/search/')),
    ],
  },
  {
    method: 'GET',
    url: '/api/places/resolve/',
    cases: [
      signedInRead('a pasted point', '/api/places/resolve/?q=48.8584%2C%202.2945'),
      badInputSignedIn('nothing to resolve', to('/api/places/resolve/')),
    ],
  },
  {
    method: 'POST',
    url: '/api/places/custom/',
    cases: [
      {
        target: "a pin of the caller's own",
        request: () => ({
          url: '/api/places/custom/',
          body: { name: 'A bench', primaryType: 'park', lat: 48.8, lng: 2.3 },
        }),
        expect: signedIn(201),
      },
      badInputSignedIn('a pin with nothing filled in', () => ({ url: '/api/places/custom/' })),
    ],
  },

  // The offline basemap: public assets.
  { method: 'GET', url: '/api/map/style.json', cases: [public200('/api/map/style.json')] },
  {
    method: 'GET',
    url: '/api/map/tiles/:z/:x/:y.pbf',
    cases: [public200('/api/map/tiles/0/0/0.pbf')],
  },
  { method: 'GET', url: '/api/map/fonts/:file', cases: [public200(`/api/map/fonts/${font}`)] },

  // Lists: one public read (a shareable list), everything else signed in.
  {
    method: 'GET',
    url: '/api/lists/list/',
    cases: [signedInRead('own lists', '/api/lists/list/')],
  },
  {
    method: 'POST',
    url: '/api/lists/list/',
    cases: [
      {
        target: 'a new list of the caller',
        request: () => ({ url: '/api/lists/list/', body: { name: 'Mine' } }),
        expect: signedIn(201),
      },
    ],
  },
  ...['/api/lists/list/:key', '/api/lists/list/:key/'].map((url): Row => ({
    method: 'GET',
    url,
    cases: [
      {
        target: 'a private list, by id',
        request: (fx) => ({ url: url.replace(':key', String(fx.privateList.id)) }),
        expect: cells(NOT_PUBLIC, 200, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
      {
        target: 'a shareable list, by slug',
        request: (fx) => ({ url: url.replace(':key', fx.sharedList.slug) }),
        expect: everyone(200),
      },
      {
        // Contract §4: when a list stops being shareable, its followers lose access.
        target: 'a list made private after the follower followed it',
        request: (fx) => ({ url: url.replace(':key', fx.unsharedList.slug) }),
        expect: cells(NOT_PUBLIC, 200, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
      {
        target: 'a list deleted after the follower followed it',
        request: (fx) => ({ url: url.replace(':key', fx.deletedList.slug) }),
        expect: everyone(NO_LIST),
      },
    ],
  })),
  {
    method: 'PATCH',
    url: '/api/lists/list/:key/',
    cases: [false, true].map((shareable) => ({
      target: `a new ${shareable ? 'shareable' : 'private'} list of the owner`,
      request: async (fx) => ({
        url: `/api/lists/list/${(await fx.freshList(shareable)).id}/`,
        body: { description: 'Edited' },
      }),
      expect: ownerOnly(200, 403),
    })),
  },
  {
    method: 'DELETE',
    url: '/api/lists/list/:key/',
    cases: [false, true].map((shareable) => ({
      target: `a new ${shareable ? 'shareable' : 'private'} list of the owner`,
      request: async (fx) => ({ url: `/api/lists/list/${(await fx.freshList(shareable)).id}/` }),
      expect: ownerOnly(204, 403),
    })),
  },
  {
    method: 'GET',
    url: '/api/lists/list/:key/preview.png',
    cases: [
      {
        // The card is for crawlers, which have no session: none for a private list at all.
        target: 'a private list',
        request: (fx) => ({ url: `/api/lists/list/${fx.privateList.id}/preview.png` }),
        expect: everyone(NOT_PUBLIC),
      },
      {
        target: 'a shareable list',
        request: (fx) => ({ url: `/api/lists/list/${fx.sharedList.slug}/preview.png` }),
        expect: everyone(200),
      },
    ],
  },
  {
    method: 'GET',
    url: '/api/lists/list/:key/map.png',
    cases: [
      {
        target: 'a private list',
        request: (fx) => ({ url: `/api/lists/list/${fx.privateList.id}/${mapPicture}` }),
        expect: cells(AUTH, 200, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
      {
        // Spec §6: the map is for signed-in viewers; signed out it is greyed.
        target: 'a shareable list',
        request: (fx) => ({ url: `/api/lists/list/${fx.sharedList.slug}/${mapPicture}` }),
        expect: signedIn(200),
      },
    ],
  },
  {
    // Issue 13: a spot card's location picture. Public, like the shared list showing it:
    // its address holds all it shows (decision 017).
    method: 'GET',
    url: '/api/pictures/location/:lat/:lng.png',
    cases: [
      {
        target: 'a point, as locationPicturePath writes it',
        request: to('/api/pictures/location/48.857/2.352.png'),
        expect: everyone(200),
      },
    ],
  },
  {
    method: 'GET',
    url: '/api/lists/examples/',
    cases: [signedInRead('the example lists', '/api/lists/examples/')],
  },

  // Following: someone else's shareable list only (contract §4).
  {
    method: 'GET',
    url: '/api/saved_lists/saved_list/',
    cases: [signedInRead('own follows', '/api/saved_lists/saved_list/')],
  },
  {
    method: 'POST',
    url: '/api/saved_lists/saved_list/',
    cases: [
      {
        target: 'a new shareable list (the follower follows it already)',
        request: async (fx) => ({
          url: '/api/saved_lists/saved_list/',
          body: { list_slug: (await fx.freshList(true)).slug },
        }),
        // Following twice is harmless: the existing entry, 200.
        expect: cells(AUTH, 400, 201, 201, 200),
      },
      {
        target: 'a new private list',
        request: async (fx) => ({
          url: '/api/saved_lists/saved_list/',
          body: { list_slug: (await fx.freshList(false)).slug },
        }),
        expect: cells(AUTH, 400, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
    ],
  },
  ...[
    '/api/saved_lists/saved_list/by-slug/:slug',
    '/api/saved_lists/saved_list/by-slug/:slug/',
  ].map((url): Row => ({
    method: 'GET',
    url,
    cases: [
      {
        target: 'the shareable list',
        request: (fx) => ({ url: url.replace(':slug', fx.sharedList.slug) }),
        // Only the follower has an entry; the others are "not following" (404).
        expect: cells(AUTH, 404, 404, 404, 200),
      },
      {
        target: 'the private list',
        request: (fx) => ({ url: url.replace(':slug', fx.privateList.slug) }),
        expect: cells(AUTH, 404, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
      {
        target: 'a list made private after the follower followed it',
        request: (fx) => ({ url: url.replace(':slug', fx.unsharedList.slug) }),
        expect: cells(AUTH, 404, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
      {
        target: 'a list deleted after the follower followed it',
        request: (fx) => ({ url: url.replace(':slug', fx.deletedList.slug) }),
        expect: signedIn(NO_LIST),
      },
    ],
  })),
  {
    method: 'DELETE',
    url: '/api/saved_lists/saved_list/:id/',
    cases: [
      {
        target: "the follower's new follow of a new shareable list",
        request: async (fx) => {
          const { followId } = await fx.freshList(true);
          return { url: `/api/saved_lists/saved_list/${followId}/` };
        },
        // Only one's own entry: anyone else's is "not following" (404).
        expect: cells(AUTH, 404, 404, 404, 204),
      },
    ],
  },

  // A list's spots: the list and the spot must both be the caller's (contract §4).
  {
    method: 'POST',
    url: '/api/list_reviews/list_review/',
    cases: [
      ...[false, true].map((shareable): Case => ({
        target: `the owner's new spot and new ${shareable ? 'shareable' : 'private'} list`,
        request: async (fx) => ({
          url: '/api/list_reviews/list_review/',
          body: { list: (await fx.freshList(shareable)).id, review: await fx.freshSpot() },
        }),
        expect: ownerOnly(201, 403),
      })),
      {
        // Seeing a spot on a shareable list is no licence to file it: not theirs, 404.
        target: "the caller's own new list and the owner's spot on the shareable list",
        request: async (fx, actor) => ({
          url: '/api/list_reviews/list_review/',
          body: { list: (await fx.freshListOf(actor)).id, review: fx.sharedSpot },
        }),
        expect: ownerOnly(201, 404),
      },
    ],
  },
  {
    method: 'DELETE',
    url: '/api/list_reviews/list_review/remove/:listId/:reviewId/',
    cases: [false, true].map((shareable) => ({
      target: `the owner's new spot on a new ${shareable ? 'shareable' : 'private'} list`,
      request: async (fx) => {
        const list = await fx.freshList(shareable);
        const spot = await fx.freshSpot(list.id);
        return { url: `/api/list_reviews/list_review/remove/${list.id}/${spot}/` };
      },
      expect: ownerOnly(204, 403),
    })),
  },
  {
    method: 'GET',
    url: '/api/list_reviews/list_review/for-review/:reviewId/',
    cases: [
      {
        // Another user's private spot is indistinguishable from a missing one (contract §3).
        target: 'a spot on the private list only',
        request: (fx) => ({ url: `/api/list_reviews/list_review/for-review/${fx.privateSpot}/` }),
        expect: cells(404, 200, 404, 404, 404),
      },
      {
        target: 'a spot on the shareable list',
        request: (fx) => ({ url: `/api/list_reviews/list_review/for-review/${fx.sharedSpot}/` }),
        expect: everyone(200),
      },
      {
        target: 'a spot on a list made private after the follower followed it',
        request: (fx) => ({ url: `/api/list_reviews/list_review/for-review/${fx.unsharedSpot}/` }),
        expect: cells(404, 200, 404, 404, 404),
      },
    ],
  },

  // Spots: the author's; one spot is also readable by anyone who may view a list holding it.
  {
    method: 'GET',
    url: '/api/reviews/review/',
    cases: [signedInRead('own spots', '/api/reviews/review/')],
  },
  {
    method: 'GET',
    url: '/api/reviews/review/metadata/',
    cases: [signedInRead('own counts', '/api/reviews/review/metadata/')],
  },
  {
    method: 'GET',
    url: '/api/reviews/review/:id/',
    cases: [
      {
        target: 'a spot on the private list only',
        request: (fx) => ({ url: `/api/reviews/review/${fx.privateSpot}/` }),
        expect: cells(404, 200, 404, 404, 404),
      },
      {
        target: 'a spot on the shareable list',
        request: (fx) => ({ url: `/api/reviews/review/${fx.sharedSpot}/` }),
        expect: everyone(200),
      },
      {
        target: 'a spot on a list made private after the follower followed it',
        request: (fx) => ({ url: `/api/reviews/review/${fx.unsharedSpot}/` }),
        expect: cells(404, 200, 404, 404, 404),
      },
    ],
  },
  {
    method: 'PUT',
    url: '/api/reviews/review/:id/',
    cases: [
      ...spotWrites((spot) => ({ url: `/api/reviews/review/${spot}/`, body: { rating: 3 } }), 200),
      {
        // Contract §4: a spot goes only on its author's own lists, whoever may see both.
        target: "the owner's new spot, onto a shareable list of someone else's",
        request: async (fx) => {
          const theirs = await fx.freshListOf('other', true);
          return {
            url: `/api/reviews/review/${await fx.freshSpot()}/`,
            body: { lists: [theirs.id] },
          };
        },
        expect: ownerOnly(400, 404),
      },
    ],
  },
  {
    method: 'DELETE',
    url: '/api/reviews/review/:id/',
    cases: spotWrites((spot) => ({ url: `/api/reviews/review/${spot}/` }), 204),
  },
  {
    method: 'POST',
    url: '/api/reviews/create-place-review/',
    cases: [
      {
        target: 'a new place',
        request: async (fx) => ({
          url: '/api/reviews/create-place-review/',
          body: { place: { id: await fx.freshPlace() } },
        }),
        expect: signedIn(201),
      },
      {
        // A list that is not the caller's is a field error of the form (route's own tests).
        target: "a new place, onto the owner's private list",
        request: async (fx) => ({
          url: '/api/reviews/create-place-review/',
          body: { place: { id: await fx.freshPlace() }, list_id: fx.privateList.id },
        }),
        expect: ownerOnly(201, 400),
      },
      {
        // Contract §4: a custom pin is its author's; to anyone else it is an unknown place.
        target: "a new custom place of the owner's",
        request: async (fx) => ({
          url: '/api/reviews/create-place-review/',
          body: { place: { id: await fx.freshCustomPlace() } },
        }),
        expect: ownerOnly(201, 400),
      },
    ],
  },

  // Photos (contract §8): written by the spot's author only; seen as the spot is seen.
  {
    method: 'POST',
    url: '/api/reviews/review/:id/photos/',
    // The matrix sends JSON: the author gets the route's "send a file" 400 (past sign-in and
    // ownership); uploads themselves are tested in features/photos/.
    cases: spotWrites((spot) => ({ url: `/api/reviews/review/${spot}/photos/`, body: {} }), 400),
  },
  {
    method: 'DELETE',
    url: '/api/reviews/review/:id/photos/:photoId/',
    cases: spotWrites(async (spot, fx) => {
      const photo = await freshPhoto(fx.t.ctx.db, spot, fx.accounts.owner.id);
      return { url: `/api/reviews/review/${spot}/photos/${photo.id}/` };
    }, 204),
  },
  {
    method: 'PUT',
    url: '/api/reviews/review/:id/photos/order/',
    cases: spotWrites(async (spot, fx) => {
      const photo = await freshPhoto(fx.t.ctx.db, spot, fx.accounts.owner.id);
      return { url: `/api/reviews/review/${spot}/photos/order/`, body: { ids: [photo.id] } };
    }, 200),
  },
  {
    method: 'GET',
    url: '/api/photos/:id/:file',
    cases: (
      [
        [
          'privateSpot',
          'a photo of a spot on the private list only',
          cells(404, 200, 404, 404, 404),
        ],
        ['sharedSpot', 'a photo of a spot on the shareable list', everyone(200)],
        [
          'unsharedSpot',
          'a photo of a spot on a list made private',
          cells(404, 200, 404, 404, 404),
        ],
      ] as const
    ).map(([spot, target, expect]) => ({
      target,
      request: async (fx: MatrixFixtures) => {
        const photo = await photoOfSpot(fx.t.ctx.db, fx[spot], fx.accounts.owner.id);
        return { url: photo.thumb_url };
      },
      expect,
    })),
  },

  // Exports: signed in only (contract §7); one list as the lists API decides who may see it.
  {
    method: 'GET',
    url: '/api/exports/spots.:format',
    cases: [
      signedInRead("the caller's own spots", '/api/exports/spots.geojson'),
      {
        target: 'a private list',
        request: (fx) => ({ url: `/api/exports/spots.kml?list=${fx.privateList.id}` }),
        expect: cells(AUTH, 200, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
      {
        target: 'a shareable list',
        request: (fx) => ({ url: `/api/exports/spots.gpx?list=${fx.sharedList.slug}` }),
        expect: signedIn(200),
      },
      {
        target: 'a list made private after the follower followed it',
        request: (fx) => ({ url: `/api/exports/spots.csv?list=${fx.unsharedList.slug}` }),
        expect: cells(AUTH, 200, NOT_PUBLIC, NOT_PUBLIC, NOT_PUBLIC),
      },
      {
        target: 'a list deleted after the follower followed it',
        request: (fx) => ({ url: `/api/exports/spots.csv?list=${fx.deletedList.slug}` }),
        expect: signedIn(NO_LIST),
      },
    ],
  },
  {
    method: 'GET',
    url: '/api/exports/account.json',
    cases: [signedInRead("the caller's own account", '/api/exports/account.json')],
  },

  // Imports (contract §7): signed in only; one user's imports are invisible (404) to others.
  {
    method: 'GET',
    url: '/api/imports/',
    cases: [signedInRead("the caller's own recent imports", '/api/imports/')],
  },
  {
    method: 'POST',
    url: '/api/imports/',
    // The matrix sends JSON: a signed-in caller gets the route's "send a file" 400; uploads
    // themselves are tested in features/imports/.
    cases: [badInputSignedIn('a body without a file', () => ({ url: '/api/imports/', body: {} }))],
  },
  {
    method: 'GET',
    url: '/api/imports/:id/',
    cases: [importWrite("the owner's import", (id) => ({ url: `/api/imports/${id}/` }), 200)],
  },
  {
    method: 'PATCH',
    url: '/api/imports/:id/rows/:index/',
    cases: [
      importWrite(
        "a row of the owner's import",
        (id) => ({ url: `/api/imports/${id}/rows/0/`, body: { decision: 'skip' } }),
        200,
      ),
    ],
  },
  {
    method: 'POST',
    url: '/api/imports/:id/confirm/',
    cases: [
      importWrite(
        "the owner's import",
        (id) => ({ url: `/api/imports/${id}/confirm/`, body: {} }),
        200,
      ),
    ],
  },
  {
    method: 'DELETE',
    url: '/api/imports/:id/',
    cases: [importWrite("the owner's import", (id) => ({ url: `/api/imports/${id}/` }), 204)],
  },
];

/** An import of the owner's, new for the cell: its owner's alone; to others it does not exist. */
function importWrite(target: string, request: (importId: number) => CellRequest, ok: number): Case {
  return {
    target,
    request: async (fx) => request(await freshImport(fx.t.ctx.db, fx.accounts.owner.id)),
    expect: ownerOnly(ok, { status: 404, detail: IMPORT_MESSAGES.importNotFound }),
  };
}

function public200(url: string): Case {
  return { target: url, request: to(url), expect: everyone(200) };
}

function signedInRead(target: string, url: string): Case {
  return { target, request: to(url), expect: signedIn(200) };
}

/**
 * Contract §2: a signed-in call without a user is the 403 that sends the web app home,
 * whatever else is wrong with the request; only a signed-in caller hears about the input.
 */
function badInputSignedIn(target: string, request: Case['request']): Case {
  return { target, request, expect: signedIn(400) };
}

/** A write to one of the owner's spots: the author's alone; to others it does not exist. */
function spotWrites(
  request: (spot: number, fx: MatrixFixtures) => CellRequest | Promise<CellRequest>,
  ok: number,
): Case[] {
  return [false, true].map((shareable) => ({
    target: `the owner's new spot on a new ${shareable ? 'shareable' : 'private'} list`,
    request: async (fx) => request(await fx.freshSpot((await fx.freshList(shareable)).id), fx),
    expect: ownerOnly(ok, 404),
  }));
}
