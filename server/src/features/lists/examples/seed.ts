import type { FastifyBaseLogger } from 'fastify';
import { normalizeText } from '@spotbook/contract';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/connection.ts';
import { clock } from '../../../lib/clock.ts';
import {
  createPlacesProvider,
  type PlacesProvider,
  type ProviderPlace,
} from '../../places/provider.ts';
import { storeProviderPlace } from '../../places/store.ts';
import { spotColumns } from '../../reviews/spot-columns.ts';
import { identityKey } from '../../auth/repository.ts';
import { insertSeedEntry } from '../list-reviews-repository.ts';
import { searchNorm } from '../repository.ts';
import { baseSlug, uniqueSlug } from '../slugs.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { EXAMPLE_LIST_DATA, type ExampleListData } from './example-data.ts';
import { EXAMPLE_ACCOUNT } from './example-lists.ts';

export type PlaceLookup = Pick<PlacesProvider, 'searchPlaces' | 'close'>;

const exampleAccountExists = async (db: Db) =>
  Boolean(
    await db
      .selectFrom('users')
      .select('id')
      .where('password_hash', '=', EXAMPLE_ACCOUNT.passwordHash)
      .executeTakeFirst(),
  );

/** The landmark named exactly `name` near `near`, from the places data. */
async function findLandmark(places: PlaceLookup, name: string, near: ExampleListData['near']) {
  const key = normalizeText(name);
  const found = await places.searchPlaces(name, near);
  return found.find((p) => normalizeText(p.displayName) === key) ?? null;
}

type Resolved = { list: ExampleListData; places: (ProviderPlace | null)[] };

async function writeExamples(db: Db, resolved: Resolved[]) {
  await db.transaction().execute(async (trx) => {
    const now = clock.now();
    // The unique username decides between app servers starting at once: the loser's
    // insert fails (after the winner commits, on PostgreSQL) and its transaction rolls back.
    const user = await trx
      .insertInto('users')
      .values({
        username: EXAMPLE_ACCOUNT.username,
        username_norm: identityKey(EXAMPLE_ACCOUNT.username),
        email: EXAMPLE_ACCOUNT.email,
        email_norm: identityKey(EXAMPLE_ACCOUNT.email),
        password_hash: EXAMPLE_ACCOUNT.passwordHash,
        created_at: now,
        password_changed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, { list, places }] of resolved.entries()) {
      const { slug } = await uniqueSlug(trx, baseSlug(EXAMPLE_ACCOUNT.username, list.name));
      const { id: listId } = await trx
        .insertInto('lists')
        .values({
          user_id: user.id,
          name: list.name,
          description: list.description,
          shareable_by_link: 1,
          slug,
          search_norm: searchNorm(list.name, list.description),
          created_at: now + i,
          updated_at: now + i,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('list_slugs').values({ slug, list_id: listId }).execute();
      for (const [j, spot] of list.spots.entries()) {
        const found = places[j];
        if (!found) continue;
        const place = await storeProviderPlace(trx, found);
        const review = await trx
          .insertInto('reviews')
          .values({
            user_id: user.id,
            place_id: place.id,
            review: spot.review,
            rating: 0,
            visited: 0,
            created_at: now,
            updated_at: now,
            ...spotColumns(place, spot.review),
          })
          .onConflict((oc) => oc.columns(['user_id', 'place_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!review) continue; // the same place twice in the data: one spot is enough
        // Earlier in the data = added later, so the list reads in the data's order.
        await insertSeedEntry(trx, {
          listId,
          reviewId: review.id,
          notes: spot.notes,
          addedAt: now - j,
        });
      }
    }
  });
}

/**
 * Creates the example account and its two shareable lists unless it exists already.
 * `openPlaces` is only called when there is something to create.
 */
export async function seedExampleLists(
  db: Db,
  openPlaces: () => PlaceLookup,
): Promise<'created' | 'exists' | 'taken'> {
  if (await exampleAccountExists(db)) return 'exists';
  const places = openPlaces();
  const resolved: Resolved[] = [];
  try {
    for (const list of EXAMPLE_LIST_DATA) {
      const found = [];
      for (const spot of list.spots) found.push(await findLandmark(places, spot.place, list.near));
      resolved.push({ list, places: found });
    }
  } finally {
    places.close();
  }
  try {
    await writeExamples(db, resolved);
    return 'created';
  } catch (error) {
    // Another server won the race, or a person registered the example account's name.
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/**
 * The embedded places, whatever PLACES_PROVIDER is: the examples are the same offline
 * and online. The app's own provider is borrowed when it is the embedded one.
 */
export function embeddedPlaces(ctx: AppContext, log: FastifyBaseLogger): PlaceLookup {
  if (ctx.places.name === 'embedded') {
    return { searchPlaces: (query, near) => ctx.places.searchPlaces(query, near), close: () => {} };
  }
  const config = { ...ctx.config, PLACES_PROVIDER: 'embedded' as const };
  return createPlacesProvider(config, { log: (m) => log.info(m) });
}

/** On start, when EXAMPLE_LISTS is on. A failure is logged, never fatal. */
export async function ensureExampleLists(ctx: AppContext, log: FastifyBaseLogger) {
  if (!ctx.config.EXAMPLE_LISTS) return;
  try {
    const outcome = await seedExampleLists(ctx.db, () => embeddedPlaces(ctx, log));
    if (outcome === 'created') log.info('example lists created');
    if (outcome === 'taken') log.warn('example lists not created: the account name is taken');
  } catch (err) {
    log.error({ err }, 'creating the example lists failed');
  }
}
