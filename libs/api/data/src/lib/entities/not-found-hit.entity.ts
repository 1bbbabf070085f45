import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { NOT_FOUND_PATH_MAX_LENGTH } from '@blog/contracts';

/**
 * A public path that answered 404, with how often and when (libs/api/redirects), for the owner to
 * redirect. No personal data: no address, no user agent, only the host of the last referrer.
 */
@Entity({ name: 'not_found_hits' })
export class NotFoundHitEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: NOT_FOUND_PATH_MAX_LENGTH })
  path!: string;

  @Column({ type: 'int', default: 0 })
  hits!: number;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  first_seen_at!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  last_seen_at!: Date;

  @Column({ name: 'referrer_host', type: 'varchar', length: 255, nullable: true })
  referrer_host!: string | null;
}
