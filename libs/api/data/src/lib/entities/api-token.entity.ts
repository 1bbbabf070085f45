import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiTokenScope } from '@blog/contracts';
import { UserEntity } from './user.entity';

/**
 * An API token (`Authorization: Bearer blog_…`): it acts as its owner within its scopes. Only the
 * secret's SHA-256 is stored (unique, so a request finds its token by one index lookup); a revoked
 * or expired token stays listed but authenticates nothing.
 */
@Entity({ name: 'api_tokens' })
@Index('UQ_api_tokens_hash', ['token_hash'], { unique: true })
export class ApiTokenEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  user_id!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'text', array: true })
  scopes!: ApiTokenScope[];

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  token_hash!: string;

  /** The secret's first characters, to tell tokens apart in the list. */
  @Column({ type: 'varchar', length: 20 })
  hint!: string;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expires_at!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  created_at!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  last_used_at!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revoked_at!: Date | null;
}
