import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { OK, type Category, type CategoryLink, type Ok } from '@blog/contracts';
import { CategoryEntity, PostEntity } from '@blog/api/data';
import { conflictOnUnique, constraintViolationOf, DomainError, PG_ERROR } from '@blog/api/core';

/** Trimmed by `categoryInputSchema`. */
export interface CategoryFields {
  name: string;
  slug: string;
}

const SLUG_TAKEN = { field: 'slug', message: 'Another category already uses this slug' };

function toCategory(category: CategoryEntity): Category {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    updated_at: category.updated_at.toISOString(),
  };
}

const postsText = (count: number) => (count === 1 ? '1 post' : `${count} posts`);

@Injectable()
export class CategoriesService {
  constructor(
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
  ) {}

  /** The header's Posts menu and the sidebar, in the order the categories were created. */
  async links(): Promise<CategoryLink[]> {
    const categories = await this.categories.find({ select: ['slug', 'name'], order: { id: 'ASC' } });
    return categories.map(({ slug, name }) => ({ slug, name }));
  }

  async list(): Promise<Category[]> {
    const categories = await this.categories.find({ order: { id: 'ASC' } });
    return categories.map(toCategory);
  }

  async get(id: number): Promise<Category> {
    return toCategory(await this.found(id));
  }

  /** A taken slug is a 409 naming `slug`. */
  async create(fields: CategoryFields): Promise<Category> {
    await this.refuseTakenSlug(fields.slug);
    const { identifiers } = await this.saving(() => this.categories.insert(fields));
    return this.get(identifiers[0]['id'] as number);
  }

  async update(id: number, fields: CategoryFields): Promise<Category> {
    await this.found(id);
    await this.refuseTakenSlug(fields.slug, id);
    await this.saving(() => this.categories.update({ id }, fields));
    return this.get(id);
  }

  /** Refused with 409 while posts (hidden ones included) still belong to the category. */
  async remove(id: number): Promise<Ok> {
    const category = await this.found(id);
    await this.refuseWhileItHasPosts(category);
    try {
      await this.categories.delete({ id });
    } catch (error) {
      // A post saved into the category between the count and the delete: the foreign key refuses.
      const violation = constraintViolationOf(error);
      if (violation?.code === PG_ERROR.restrictViolation || violation?.code === PG_ERROR.foreignKeyViolation) {
        await this.refuseWhileItHasPosts(category);
      }
      throw error;
    }
    return OK;
  }

  private async found(id: number): Promise<CategoryEntity> {
    const category = await this.categories.findOneBy({ id });
    if (!category) throw DomainError.notFound('Category');
    return category;
  }

  /** The friendly check; the unique constraint stays the judge when two saves race (see `saving`). */
  private async refuseTakenSlug(slug: string, exceptId?: number): Promise<void> {
    const owner = await this.categories.findOne({ where: { slug }, select: ['id'] });
    if (owner && owner.id !== exceptId) throw new DomainError('CONFLICT', SLUG_TAKEN.message, [SLUG_TAKEN]);
  }

  private saving<T>(write: () => Promise<T>): Promise<T> {
    return conflictOnUnique(write, { UQ_categories_slug: SLUG_TAKEN });
  }

  private async refuseWhileItHasPosts(category: CategoryEntity): Promise<void> {
    const count = await this.posts.countBy({ category_id: category.id });
    if (count > 0) {
      throw new DomainError(
        'CONFLICT',
        `The category "${category.name}" still has ${postsText(count)}: move or delete them before deleting it`,
      );
    }
  }
}
