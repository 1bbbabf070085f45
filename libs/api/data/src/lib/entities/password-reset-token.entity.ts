import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Timestamped } from './timestamps';
import { UserEntity } from './user.entity';

/** A single-use password reset token; only its SHA-256 is stored. */
@Entity({ name: 'password_reset_tokens' })
@Unique('UQ_password_reset_tokens_hash', ['token_hash'])
export class PasswordResetTokenEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  user_id!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  token_hash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expires_at!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  used_at!: Date | null;
}
