import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import {
  categoryPath,
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
import {
  conflictOnUnique,
  constraintViolationOf,
  DomainError,
  DomainEvents,
  PG_ERROR,
  SiteLanguages,
  linkTranslationsOrRefuse,
  unlinkTranslationOrRefuse,
} from '@blog/api/core';
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
  /** Absent: the site's default language for a new category, kept by an update. */
  language?: Language;
}

const SLUG_TAKEN = { field: 'slug', message: 'Another category in this language already uses this slug' };
const POSTS_IN_LANGUAGE = {
  field: 'language',
  message: 'Its posts are in its language: move them to another category before changing it',
};
const LANGUAGE_TAKEN = { field: 'language', message: 'Its translation group has a category in this language already' };

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
    private readonly languages: SiteLanguages,
  ) {}

  /** The header's Posts menu and the sidebar: the categories in `lang`, in the order they were created. */
  async links(lang?: Language): Promise<CategoryLink[]> {
    const language = await this.languages.ofRead(lang);
    // Every public page reads them: kept until the categories change.
    return this.sharedReads.read(`categories.links.${language}`, ['categories'], async () => {
      const categories = await this.categories.find({
        select: ['slug', 'name'],
        where: { language },
        order: { id: 'ASC' },
      });
      return categories.map(({ slug, name }) => ({ slug, name }));
    });
  }

  /** Every category, each with its versions in the other languages. */
  async list(): Promise<Category[]> {
    const categories = await this.categories.find({ order: { id: 'ASC' } });
    return Promise.all(categories.map((category) => this.toCategoryWithTranslations(category, categories)));
  }

  async get(id: number): Promise<Category> {
    const category = await this.found(id);
    const group =
      category.translation_group === null
        ? [category]
        : await this.categories.findBy({ translation_group: category.translation_group });
    return this.toCategoryWithTranslations(category, group);
  }

  /** `category` with the other versions of its group found among `categories`. */
  private async toCategoryWithTranslations(
    category: CategoryEntity,
    categories: readonly CategoryEntity[],
  ): Promise<Category> {
    const versions = categories.filter(
      (other) =>
        category.translation_group !== null &&
        other.translation_group === category.translation_group &&
        other.id !== category.id,
    );
    const translations = await this.languages.linksTo(
      versions.map(({ id, language, slug, name }) => ({ id, language, slug, title: name })),
      categoryPath,
    );
    return toCategory(category, translations);
  }

  /** A slug taken in its language is a 409 naming `slug`; a language the site does not run a 400 naming `language`. */
  async create(fields: CategoryFields, origin: ChangeOrigin): Promise<Category> {
    const language = await this.languages.ofWrite(fields.language);
    const id = await this.saving(() => insertCategory(this.categories.manager, { ...fields, language }, origin));
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
    const current = await this.found(id);
    if (fields.language !== undefined) await this.languages.ofWrite(fields.language, current.language);
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

  /**
   * Makes the categories `id` and `translationId` versions of each other (with the versions each has): 404
   * when either is missing, 409 naming `translation_id` when they share a language or a group would hold two
   * of one language.
   */
  async linkTranslation(id: number, translationId: number): Promise<Category> {
    await linkTranslationsOrRefuse(this.categories.manager, 'categories', id, translationId, 'Category');
    return this.announceUpdate(id);
  }

  /** Takes the category `id` out of its translation group (a group left with one category is dissolved). */
  async unlinkTranslation(id: number): Promise<Category> {
    await unlinkTranslationOrRefuse(this.categories.manager, 'categories', id, 'Category');
    return this.announceUpdate(id);
  }

  private async announceUpdate(id: number): Promise<Category> {
    const category = await this.get(id);
    await this.events.emit('category.updated', category);
    return category;
  }

  /**
   * Where an old category slug leads: the category's current slug, or null when no category left
   * it, or when a category has that slug now (the live one wins: its page answers).
   */
  async resolveCategorySlug(oldSlug: string, lang?: Language): Promise<SlugAddress | null> {
    const language = await this.languages.ofRead(lang);
    const row = await this.history
      .createQueryBuilder('history')
      .innerJoin('history.category', 'category')
      .select('category.slug', 'slug')
      .addSelect('category.language', 'language')
      .where('history.slug = :oldSlug AND history.language = :language', { oldSlug, language })
      .andWhere('history.category_id IS NOT NULL')
      .andWhere('NOT EXISTS (SELECT 1 FROM categories live WHERE live.slug = :oldSlug AND live.language = :language)')
      .getRawOne<SlugAddress>();
    return row ?? null;
  }

  /** `resolveCategorySlug` for the tRPC door: 404 when the slug leads nowhere. */
  async redirect(oldSlug: string, lang?: Language): Promise<LanguageRedirect> {
    const target = await this.resolveCategorySlug(oldSlug, lang);
    if (target === null) throw DomainError.notFound('Category');
    return { ...target, path: await this.languages.pathIn(categoryPath(target.slug), target.language) };
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

  /**
   * The unique constraints judge a taken slug (409 naming `slug`) or a language its group has (409 naming
   * `language`) once, with no SELECT before, which two saves could race past; the posts' foreign key a
   * change of language while posts in the former one belong to it (409 naming `language`).
   */
  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await conflictOnUnique(write, {
        UQ_categories_slug: SLUG_TAKEN,
        UQ_categories_translation: LANGUAGE_TAKEN,
      });
    } catch (error) {
      if (constraintViolationOf(error)?.constraint !== 'FK_posts_category_language') throw error;
      throw new DomainError('CONFLICT', POSTS_IN_LANGUAGE.message, [POSTS_IN_LANGUAGE]);
    }
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
