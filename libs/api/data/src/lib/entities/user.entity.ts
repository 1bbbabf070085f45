import { Column, Entity, Unique, PrimaryGeneratedColumn } from 'typeorm';
import { Timestamped } from './timestamps';

@Entity({ name: 'users' })
@Unique('UQ_users_email', ['email'])
export class UserEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Stored lower-cased; unique (see the migration's index). */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** argon2id PHC string. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  password_hash!: string;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  is_admin!: boolean;
}
