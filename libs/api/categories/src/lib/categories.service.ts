import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import {
  categoryPath,
  DEFAULT_LANGUAGE,
  languagePath,
  OK,
  type Category,
  type CategoryLink,
  type Ok,
  type LanguageRedirect,
  type Language,
  type TranslationLink,
} from '@blog/contracts';
import {
  CategoryEntity,
  lastChangeOf,
  PostEntity,
  SlugHistoryEntity,
  type SlugAddress,
  StaleVersion,
  type ChangeOrigin,
  SharedReads,
} from '@blog/api/data';
import { conflictOnUnique, constraintViolationOf, DomainError, DomainEvents, PG_ERROR } from '@blog/api/core';
import { insertCategory, replaceCategory } from './category-writer';

/**
 * Trimmed by `categoryInputSchema`; no description: '' for a new category, no `subscribable`: true for a new
 * one; either kept by an update.
 */
export interface CategoryFields {
  name: string;
  slug: string;
  description?: string;
  subscribable?: boolean;
}

const SLUG_TAKEN = { field: 'slug', message: 'Another category already uses this slug' };

function toCategory(category: CategoryEntity, translations: TranslationLink[] = []): Category {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    subscribable: category.subscribable,
    updated_at: category.updated_at.toISOString(),
    version: category.version,
    language: category.language,
    translations,
  };
}

/** The fields given: an absent description or `subscribable` is kept. */
const withoutAbsent = (fields: CategoryFields): CategoryFields =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as CategoryFields;

const postsText = (count: number) => (count === 1 ? '1 post' : `${count} posts`);

@Injectable()
export class CategoriesService {
  constructor(
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
    @InjectRepository(SlugHistoryEntity) private readonly history: Repository<SlugHistoryEntity>,
    private readonly sharedReads: SharedReads,
    private readonly events: DomainEvents,
  ) {}

  /** The header's Posts menu and the sidebar, in the order the categories were created. */
  links(lang?: Language): Promise<CategoryLink[]> {
    // Every public page reads them: kept until the categories change.
    return this.sharedReads.read('categories.links', ['categories'], async () => {
      const categories = await this.categories.find({ select: ['slug', 'name'], order: { id: 'ASC' } });
      return categories.map(({ slug, name }) => ({ slug, name }));
    });
  }

  async list(): Promise<Category[]> {
    const categories = await this.categories.find({ order: { id: 'ASC' } });
    return categories.map((category) => toCategory(category));
  }

  async get(id: number): Promise<Category> {
    return toCategory(await this.found(id));
  }

  /** A taken slug is a 409 naming `slug`. */
  async create(fields: CategoryFields, origin: ChangeOrigin): Promise<Category> {
    const id = await this.saving(() => insertCategory(this.categories.manager, fields, origin));
    const category = await this.get(id);
    await this.events.emit('category.created', category);
    return category;
  }

  /**
   * A new slug keeps the old one in the slug history, so `/category/{old}` still leads to it (`resolveCategorySlug`).
   * `version`: the version the save started from; the UPDATE matches that version only, else nothing is
   * written and the save is refused with the category as it is now (`DomainError.versionConflict`).
   */
  async update(id: number, fields: CategoryFields, origin: ChangeOrigin, version?: number): Promise<Category> {
    await this.found(id);
    try {
      await this.saving(() => replaceCategory(this.categories.manager, id, withoutAbsent(fields), origin, version));
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const current = await this.get(id);
      const changed = await lastChangeOf(this.categories.manager, 'categories', id);
      if (!changed) throw DomainError.notFound('Category');
      throw DomainError.versionConflict('category', current.version, { current, changed });
    }
    const category = await this.get(id);
    await this.events.emit('category.updated', category);
    return category;
  }

  /** Puts the categories `id` and `translationId` in one translation group. */
  async linkTranslation(id: number, translationId: number): Promise<Category> {
    throw new Error(`categories.linkTranslation (${id}, ${translationId}) is not built yet`);
  }

  /** Takes the category `id` out of its translation group. */
  async unlinkTranslation(id: number): Promise<Category> {
    throw new Error(`categories.unlinkTranslation (${id}) is not built yet`);
  }

  /**
   * Where an old category slug leads: the category's current slug, or null when no category left
   * it, or when a category has that slug now (the live one wins: its page answers).
   */
  async resolveCategorySlug(oldSlug: string, lang?: Language): Promise<SlugAddress | null> {
    void lang;
    const row = await this.history
      .createQueryBuilder('history')
      .innerJoin('history.category', 'category')
      .select('category.slug', 'slug')
      .addSelect('category.language', 'language')
      .where('history.slug = :oldSlug', { oldSlug })
      .andWhere('history.category_id IS NOT NULL')
      .andWhere('NOT EXISTS (SELECT 1 FROM categories live WHERE live.slug = :oldSlug)')
      .getRawOne<SlugAddress>();
    return row ?? null;
  }

  /** `resolveCategorySlug` for the tRPC door: 404 when the slug leads nowhere. */
  async redirect(oldSlug: string, lang?: Language): Promise<LanguageRedirect> {
    const target = await this.resolveCategorySlug(oldSlug, lang);
    if (target === null) throw DomainError.notFound('Category');
    return { ...target, path: languagePath(categoryPath(target.slug), target.language, DEFAULT_LANGUAGE) };
  }

  /**
   * Refused with 409 while live posts (visible, hidden, draft or scheduled) belong to the category. Its posts
   * in the trash are deleted for good with it, as the admin's confirmation says (a post has a category, so
   * none could come back). One transaction, the category locked first: a post saved into it meanwhile
   * waits, then is refused by its foreign key.
   */
  async remove(id: number): Promise<Ok> {
    const category = await this.found(id);
    try {
      await this.categories.manager.transaction(async (manager) => {
        const locked = await manager.findOne(CategoryEntity, {
          where: { id },
          select: ['id'],
          lock: { mode: 'pessimistic_write' },
        });
        if (!locked) throw DomainError.notFound('Category');
        await this.refuseWhileItHasPosts(category, manager);
        await manager.delete(PostEntity, { category_id: id, deleted_at: Not(IsNull()) });
        await manager.delete(CategoryEntity, { id });
      });
    } catch (error) {
      // A post restored from the trash at the same moment is live again: the foreign key refuses.
      const violation = constraintViolationOf(error);
      if (violation?.code === PG_ERROR.restrictViolation || violation?.code === PG_ERROR.foreignKeyViolation) {
        await this.refuseWhileItHasPosts(category, this.categories.manager);
      }
      throw error;
    }
    await this.events.emit('category.deleted', toCategory(category));
    return OK;
  }

  private async found(id: number): Promise<CategoryEntity> {
    const category = await this.categories.findOneBy({ id });
    if (!category) throw DomainError.notFound('Category');
    return category;
  }

  /** The unique constraint judges a taken slug once (no SELECT before, which two saves could race past): 409 naming `slug`. */
  private saving<T>(write: () => Promise<T>): Promise<T> {
    return conflictOnUnique(write, { UQ_categories_slug: SLUG_TAKEN });
  }

  private async refuseWhileItHasPosts(category: CategoryEntity, manager: EntityManager): Promise<void> {
    const count = await manager.countBy(PostEntity, { category_id: category.id, deleted_at: IsNull() });
    if (count > 0) {
      throw new DomainError(
        'CONFLICT',
        `The category "${category.name}" still has ${postsText(count)}: move or delete them before deleting it`,
      );
    }
  }
}
