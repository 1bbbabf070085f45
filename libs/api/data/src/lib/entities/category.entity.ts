import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@blog/contracts';
import { Versioned } from './versioned';
import type { PostEntity } from './post.entity';

@Entity({ name: 'categories' })
// A slug is unique per language; one version per language in a translation group (migration Languages1795880000000).
@Index('UQ_categories_slug', ['language', 'slug'], { unique: true })
@Index('UQ_categories_translation', ['translation_group', 'language'], {
  unique: true,
  where: 'translation_group IS NOT NULL',
})
export class CategoryEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  /** Under its name on the home page's tiles ('' for none). */
  @Column({ type: 'text', default: '' })
  description!: string;

  /** Readers may subscribe to its new posts by e-mail (every category unless the owner unmarks it). */
  @Column({ type: 'boolean', default: true })
  subscribable!: boolean;

  /** Its posts are in its language. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** Shared by its versions in the other languages (one per language); null for a category without any. */
  @Column({ name: 'translation_group', type: 'uuid', nullable: true })
  translation_group!: string | null;

  @OneToMany('PostEntity', (post: PostEntity) => post.category)
  posts?: PostEntity[];
}
