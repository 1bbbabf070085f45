import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Timestamped } from './timestamps';
import { UserEntity } from './user.entity';

/**
 * A user's authenticator-app (TOTP) secret. `enabled_at` null: a set-up under way, not yet
 * confirmed with a code, so it does not guard sign-in yet.
 */
@Entity({ name: 'user_two_factor' })
export class TwoFactorEntity extends Timestamped {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  user_id!: number;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  /** The base32 secret sealed with AES-256-GCM (`SecretBox`): a database dump alone does not reveal it. */
  @Column({ name: 'secret', type: 'text', select: false })
  secret!: string;

  @Column({ name: 'enabled_at', type: 'timestamptz', nullable: true })
  enabled_at!: Date | null;

  /** The time step of the last code accepted: a code of that step or an earlier one is refused (replay). */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  last_used_step!: string | null;
}
