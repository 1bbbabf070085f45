import { POST_STATUS } from '@blog/contracts';
import { CategoryEntity, PostEntity, ProjectEntity } from '../lib/entities';
import type { TestDatabase } from './test-database';

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

export async function createCategory(
  database: TestDatabase,
  values: Partial<CategoryEntity> = {},
): Promise<CategoryEntity> {
  const slug = values.slug ?? `category-${unique()}`;
  return database.dataSource.getRepository(CategoryEntity).save({ name: `Category ${slug}`, slug, ...values });
}

/** A post; `updatedAt` sets both timestamps so tests control the order of lists. */
export async function createPost(
  database: TestDatabase,
  category: CategoryEntity,
  values: Partial<PostEntity> & { updatedAt?: Date } = {},
): Promise<PostEntity> {
  const { updatedAt, ...columns } = values;
  const slug = columns.slug ?? `post-${unique()}`;
  const repository = database.dataSource.getRepository(PostEntity);
  const { identifiers } = await repository.insert({
    category_id: category.id,
    title: `Post ${slug}`,
    slug,
    content: `<p>Content of ${slug}</p>`,
    short_content: `<p>Short content of ${slug}</p>`,
    thumbnail: null,
    meta_title: `Meta ${slug}`,
    meta_description: '',
    meta_keywords: '',
    status: POST_STATUS.visible,
    color: null,
    price: null,
    ...columns,
    ...datedAt(updatedAt, columns.published_at),
  });
  return repository.findOneByOrFail({ id: identifiers[0]['id'] });
}

/** `updatedAt` as both timestamps: a record last changed then was published then too (unless the test says otherwise). */
function datedAt(updatedAt: Date | undefined, publishedAt: Date | null | undefined) {
  if (!updatedAt) return {};
  return {
    created_at: updatedAt,
    updated_at: updatedAt,
    published_at: publishedAt === undefined ? updatedAt : publishedAt,
  };
}

/** A visible project; `updatedAt` sets its timestamps and publication as `createPost`'s does. */
export async function createProject(
  database: TestDatabase,
  values: Partial<ProjectEntity> & { updatedAt?: Date } = {},
): Promise<ProjectEntity> {
  const { updatedAt, ...columns } = values;
  const slug = columns.slug ?? `project-${unique()}`;
  const repository = database.dataSource.getRepository(ProjectEntity);
  const { identifiers } = await repository.insert({
    title: `Project ${slug}`,
    slug,
    year_from: 2024,
    ...columns,
    ...datedAt(updatedAt, columns.published_at),
  });
  return repository.findOneByOrFail({ id: identifiers[0]['id'] });
}
