import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { AutosaveValues } from '@blog/contracts';
import { UserEntity } from './user.entity';

/**
 * A form's unsaved values (libs/api/autosaves): one per user and slot (`post:<id>`, `post:new:<uuid>`,
 * `about:<id>`), never the saved record. Gone with its user; purged `AUTOSAVE.keepDays` after `saved_at`.
 */
@Entity({ name: 'autosaves' })
export class AutosaveEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  user_id!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 100 })
  slot!: string;

  @Column({ type: 'jsonb' })
  values!: AutosaveValues;

  /** The version of the record the form started from (null: a new post, or unknown). */
  @Column({ name: 'base_version', type: 'int', nullable: true })
  base_version!: number | null;

  @Column({ name: 'saved_at', type: 'timestamptz', default: () => 'now()' })
  saved_at!: Date;
}
