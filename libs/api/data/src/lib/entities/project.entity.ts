import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Language, PostStatus, ProjectImage, ProjectResult } from '@blog/contracts';
import { Versioned } from './versioned';

/**
 * A project of the portfolio, a case study (libs/api/projects); its table is made by migration
 * `Projects1795781141759`. Published, scheduled, draft and hidden as a post (`status`, `published_at`).
 */
@Entity({ name: 'projects' })
// Unique per language among the projects out of the trash: a trashed project gives its slug up (as a post);
// one version per language in a translation group (migration PortfolioLanguages1795890000000).
@Index('UQ_projects_slug', ['language', 'slug'], { unique: true, where: 'deleted_at IS NULL' })
@Index('UQ_projects_translation', ['translation_group', 'language'], {
  unique: true,
  where: 'translation_group IS NOT NULL AND deleted_at IS NULL',
})
export class ProjectEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ name: 'client_name', type: 'varchar', length: 200, default: '' })
  client_name!: string;

  @Column({ name: 'client_url', type: 'varchar', length: 2000, nullable: true })
  client_url!: string | null;

  @Column({ name: 'year_from', type: 'int' })
  year_from!: number;

  /** The last year of a period; null for a single year. */
  @Column({ name: 'year_to', type: 'int', nullable: true })
  year_to!: number | null;

  /** The owner's role in the project. */
  @Column({ type: 'varchar', length: 200, default: '' })
  role!: string;

  @Column({ name: 'team_size', type: 'int', nullable: true })
  team_size!: number | null;

  /** Normalised tags (`normalizeStackTag`), once each, in the owner's order. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  stack!: string[];

  @Column({ name: 'live_url', type: 'varchar', length: 2000, nullable: true })
  live_url!: string | null;

  @Column({ name: 'source_url', type: 'varchar', length: 2000, nullable: true })
  source_url!: string | null;

  @Column({ type: 'text', default: '' })
  summary!: string;

  /** Stored upload name, as a post's thumbnail. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  cover!: string | null;

  @Column({ name: 'cover_alt', type: 'varchar', length: 300, default: '' })
  cover_alt!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  gallery!: ProjectImage[];

  /** The case study's three sections, sanitised rich text (`prepareProject`). */
  @Column({ type: 'text', default: '' })
  problem!: string;

  @Column({ type: 'text', default: '' })
  approach!: string;

  @Column({ type: 'text', default: '' })
  outcome!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  results!: ProjectResult[];

  /** Posts the case study links to, in order; checked to exist when saved. */
  @Column({ name: 'related_post_ids', type: 'int', array: true, default: () => "'{}'" })
  related_post_ids!: number[];

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  /** The lists' order: lower first. */
  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sort_order!: number;

  @Column({ name: 'meta_title', type: 'varchar', length: 300, default: '' })
  meta_title!: string;

  @Column({ name: 'meta_description', type: 'text', default: '' })
  meta_description!: string;

  /** 0 shown, 1 hidden (`POST_STATUS`). */
  @Column({ type: 'smallint', default: 0 })
  status!: PostStatus;

  /** Null for a draft; a time to come for a scheduled project. */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true, default: () => 'now()' })
  published_at!: Date | null;

  /** Readers may comment under it (the site's comment settings may still close them), as a post's. */
  @Column({ name: 'comments_open', type: 'boolean', default: true })
  comments_open!: boolean;

  /** Its services and the testimonials about it are in its language. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** Shared by its versions in the other languages (one per language); null for one without any. */
  @Column({ name: 'translation_group', type: 'uuid', nullable: true })
  translation_group!: string | null;

  /** When it went to the trash; null out of it (`liveProjectSql`). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deleted_at!: Date | null;
}
