import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { RevisionDoor } from '@blog/contracts';
import { AboutEntity } from './about.entity';
import { PostEntity } from './post.entity';
import { ProjectEntity } from './project.entity';
import { UserEntity } from './user.entity';

/**
 * A version of a post, of the About record or of a project (exactly one of `post_id`, `about_id`,
 * `project_id`) that a save replaced, with its fields as the edit form has them (`PostRevisionFields`,
 * `AboutRevisionFields`, `ProjectRevisionFields`). A trashed post or project keeps its revisions; deleting the record for good deletes them. Thinned on
 * `RETENTION_SCHEDULE` (`RevisionsService`).
 */
@Entity({ name: 'revisions' })
@Index('IDX_revisions_post', ['post_id', 'replaced_at'], { where: 'post_id IS NOT NULL' })
@Index('IDX_revisions_about', ['about_id', 'replaced_at'], { where: 'about_id IS NOT NULL' })
@Index('IDX_revisions_project', ['project_id', 'replaced_at'], { where: 'project_id IS NOT NULL' })
export class RevisionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'post_id', type: 'int', nullable: true })
  post_id!: number | null;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: PostEntity;

  @Column({ name: 'about_id', type: 'int', nullable: true })
  about_id!: number | null;

  @ManyToOne(() => AboutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'about_id' })
  about?: AboutEntity;

  @Column({ name: 'project_id', type: 'int', nullable: true })
  project_id!: number | null;

  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;

  /** The version the record had. */
  @Column({ type: 'int' })
  version!: number;

  @Column({ type: 'jsonb' })
  fields!: Record<string, unknown>;

  /** When that version was written (the record's `updated_at` then). */
  @Column({ name: 'saved_at', type: 'timestamptz' })
  saved_at!: Date;

  @Column({ name: 'saved_by', type: 'int', nullable: true })
  saved_by!: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'saved_by' })
  savedBy?: UserEntity;

  @Column({ name: 'saved_via', type: 'varchar', length: 16 })
  saved_via!: RevisionDoor;

  @Column({ name: 'saved_session', type: 'varchar', length: 120, nullable: true })
  saved_session!: string | null;

  /** When a save replaced it. */
  @Column({ name: 'replaced_at', type: 'timestamptz', default: () => 'now()' })
  replaced_at!: Date;
}
