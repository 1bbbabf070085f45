import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Category, CategoryLink } from '@blog/contracts';
import { CategoryEntity } from '@blog/api/data';
import { DomainError } from '@blog/api/core';

function toCategory(category: CategoryEntity): Category {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    updated_at: category.updated_at.toISOString(),
  };
}

@Injectable()
export class CategoriesService {
  constructor(@InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>) {}

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
    const category = await this.categories.findOneBy({ id });
    if (!category) throw DomainError.notFound('Category');
    return toCategory(category);
  }
}
