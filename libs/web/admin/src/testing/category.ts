import type { Category } from '@blog/contracts';

/** A category as the admin reads it: no description, subscribable, saved once; `overrides` for the rest. */
export const category = (id: number, name: string, slug: string, overrides: Partial<Category> = {}): Category => ({
  id,
  name,
  slug,
  description: '',
  subscribable: true,
  updated_at: '2025-01-05T10:00:00.000Z',
  version: 1,
  language: 'en',
  translations: [],
  ...overrides,
});
