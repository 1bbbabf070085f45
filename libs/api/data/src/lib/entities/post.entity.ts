import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { POST_STATUS, type Language, type PostStatus } from '@blog/contracts';
import { Versioned } from './versioned';
import { CategoryEntity } from './category.entity';

@Entity({ name: 'posts' })
// Unique per language among the posts out of the trash: a trashed post gives its slug up (migrations
// Trash1764710000000, Languages1795880000000); one version per language in a translation group.
@Index('UQ_posts_slug', ['language', 'slug'], { unique: true, where: 'deleted_at IS NULL' })
@Index('UQ_posts_translation', ['translation_group', 'language'], {
  unique: true,
  where: 'translation_group IS NOT NULL AND deleted_at IS NULL',
})
export class PostEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'category_id', type: 'int' })
  category_id!: number;

  @ManyToOne(() => CategoryEntity, (category) => category.posts, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id' })
  category?: CategoryEntity;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  /** Sanitised HTML. */
  @Column({ type: 'text', default: '' })
  content!: string;

  /** Sanitised HTML. */
  @Column({ name: 'short_content', type: 'text', default: '' })
  short_content!: string;

  /** Stored upload file name, or null. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  thumbnail!: string | null;

  /** The thumbnail's alternative text; empty means none written (the title stands in for it). */
  @Column({ name: 'thumbnail_alt', type: 'varchar', length: 300, default: '' })
  thumbnail_alt!: string;

  @Column({ name: 'meta_title', type: 'varchar', length: 300, default: '' })
  meta_title!: string;

  @Column({ name: 'meta_description', type: 'text', default: '' })
  meta_description!: string;

  @Column({ name: 'meta_keywords', type: 'text', default: '' })
  meta_keywords!: string;

  /** `meta_keywords` normalised (trimmed, lower case, accents folded, sorted, each once), kept by PostgreSQL for related posts. */
  @Column({ type: 'text', array: true, insert: false, update: false, select: false })
  keywords!: string[];

  /** 1 = hidden, 0 = visible. */
  @Column({ type: 'smallint', default: POST_STATUS.visible })
  status!: PostStatus;

  /**
   * Null for a draft; else when the post is published, which may be still to come (scheduled).
   * Visible to the public: `status` 0 and this moment passed on PostgreSQL's clock (`VISIBLE_POST_SQL`).
   */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  published_at!: Date | null;

  /** When it is published (now or by its schedule), it is mailed to its category's confirmed subscribers. */
  @Column({ name: 'send_to_subscribers', type: 'boolean', default: false })
  send_to_subscribers!: boolean;

  /** Readers may comment under it (the site's comment settings may still close them). */
  @Column({ name: 'comments_open', type: 'boolean', default: true })
  comments_open!: boolean;

  /** The later of `updated_at` and `published_at`: the newest-first lists' order, kept by PostgreSQL. */
  @Column({ name: 'listed_at', type: 'timestamptz', insert: false, update: false })
  listed_at!: Date;

  /** Words (Vietnamese: syllables) of the content's text, kept by PostgreSQL (migration ReadingTime1764630000000). */
  @Column({ name: 'word_count', type: 'int', insert: false, update: false })
  word_count!: number;

  /** Images in the content, kept by PostgreSQL. */
  @Column({ name: 'image_count', type: 'int', insert: false, update: false })
  image_count!: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  color!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  price!: string | null;

  /** Its category's language too (the foreign key `FK_posts_category_language`). */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** Shared by its versions in the other languages (one per language); null for a post without any. */
  @Column({ name: 'translation_group', type: 'uuid', nullable: true })
  translation_group!: string | null;

  /** When the post was moved to the trash; null for a live post. Purged `RETENTION.trashDays` later. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deleted_at!: Date | null;
}
