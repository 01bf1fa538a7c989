import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/src/db/connection.ts';
import { spotColumns } from '../server/src/features/reviews/spot-columns.ts';
import { benchPlaceRow } from './seed-writers.ts';

/** Signs a new user up through the API; their id and the headers that make calls theirs. */
export async function signUp(app: FastifyInstance) {
  const session = await app.inject({ url: '/api/user/session/' });
  const jar = new Map(session.cookies.map((c) => [c.name, c.value]));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const username = `bench${Date.now().toString(36)}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/register/',
    payload: { username, email: `${username}@example.test`, password: 'correct horse battery' },
    headers: { cookie: cookie(), 'x-csrftoken': jar.get('csrftoken')! },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  for (const c of response.cookies) jar.set(c.name, c.value);
  const { user } = response.json<{ user: { id: number } }>();
  return { id: user.id, headers: { cookie: cookie(), 'x-csrftoken': jar.get('csrftoken')! } };
}

/** `count` spots of `userId` on as many places, all on one shareable list; its slug. */
export async function seedSharedList(db: Db, userId: number, count: number) {
  const now = Date.now();
  const slug = `bench-photos-${now.toString(36)}`;
  const list = await db
    .insertInto('lists')
    .values({
      user_id: userId,
      name: 'Photo bench',
      description: '',
      shareable_by_link: 1,
      slug,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('list_slugs').values({ slug, list_id: list.id }).execute();
  const spotIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const place = benchPlaceRow(
      {
        id: `bench:photo-${now}-${i}`,
        display_name: `Place ${i}`,
        formatted_address: `${i} Rue de Rivoli, Paris`,
        city: 'Paris',
        country: 'France',
        lat: 48.85 + i / 1000,
        lng: 2.35,
        primary_type: 'museum',
      },
      now,
    );
    await db.insertInto('places').values(place).execute();
    const spot = await db
      .insertInto('reviews')
      .values({
        user_id: userId,
        place_id: place.id,
        review: '',
        rating: 4,
        visited: 1,
        created_at: now + i,
        updated_at: now + i,
        ...spotColumns(place, ''),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('list_reviews')
      .values({ list_id: list.id, review_id: spot.id, notes: '', added_at: now + i })
      .execute();
    spotIds.push(spot.id);
  }
  return { slug, spotIds };
}
