import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Timestamped } from './timestamps';
import { UserEntity } from './user.entity';

/** A single-use recovery code of a user with two-factor sign-in; only its keyed hash is stored. */
@Entity({ name: 'user_recovery_codes' })
@Unique('UQ_user_recovery_codes_code', ['user_id', 'code_hash'])
export class RecoveryCodeEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  user_id!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  code_hash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  used_at!: Date | null;
}
