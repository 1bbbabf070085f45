// For component tests only, apart from the production barrel (`@blog/web/ui`).
import type { PostCard } from '@blog/contracts';

/** A post card as the API answers it: the Hà Giang loop, with `overrides`. */
export function postCardFixture(overrides: Partial<PostCard> = {}): PostCard {
  return {
    id: 1,
    slug: 'ha-giang-loop',
    title: 'Hà Giang loop',
    thumbnail: null,
    thumbnail_width: null,
    thumbnail_height: null,
    imageAlt: 'Hà Giang loop',
    reading_minutes: 4,
    updated_at: '2025-01-05T03:00:00.000Z',
    category_slug: 'story',
    category_name: 'Story',
    short_content: '<p>Four days</p>',
    color: null,
    price: null,
    comment_count: 0,
    language: 'en',
    ...overrides,
  };
}

/** A promise the test settles by hand: an answer that stays pending until then. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
