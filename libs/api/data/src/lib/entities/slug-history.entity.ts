import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@blog/contracts';
import { CategoryEntity } from './category.entity';
import { PostEntity } from './post.entity';
import { ProjectEntity } from './project.entity';

/**
 * A slug a post, a category or a project had before an administrator changed it, pointing at the record by
 * id (exactly one of `post_id`, `category_id` and `project_id`), so an old address leads to the current one however
 * many times it changed since. An old address is a language and a slug (`/vi/{slug}`), unique per kind:
 * its latest owner keeps it (projects, which have no language yet, are all 'en'). Deleting
 * the post or category deletes its history.
 */
@Entity({ name: 'slug_history' })
export class SlugHistoryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  /** The language of the old address: the record's language when it left the slug. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @Column({ name: 'post_id', type: 'int', nullable: true })
  post_id!: number | null;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: PostEntity;

  @Column({ name: 'category_id', type: 'int', nullable: true })
  category_id!: number | null;

  @ManyToOne(() => CategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'category_id' })
  category?: CategoryEntity;

  @Column({ name: 'project_id', type: 'int', nullable: true })
  project_id!: number | null;

  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;

  /** When the slug was left. */
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  created_at!: Date;
}
