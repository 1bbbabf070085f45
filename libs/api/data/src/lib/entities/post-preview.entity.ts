import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { PostEntity } from './post.entity';

/**
 * A private link to read a post before it is published (`/preview/{token}`). Only the token's
 * SHA-256 is kept: the link itself is shown once, to the administrator who made it.
 */
@Entity({ name: 'post_previews' })
@Unique('UQ_post_previews_token_hash', ['token_hash'])
export class PostPreviewEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'post_id', type: 'int' })
  post_id!: number;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: PostEntity;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  token_hash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expires_at!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  created_at!: Date;
}
