import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { REDIRECT_PATH_MAX_LENGTH, type RedirectStatusCode } from '@blog/contracts';
import { Timestamped } from './timestamps';

/**
 * An old address and where it leads now (libs/api/redirects), answered before the page cache.
 * `from_path` is stored normalised (`normaliseRedirectPath`), unique. `hits` and `last_hit_at` are
 * written in batches, by raw SQL that leaves `updated_at` alone.
 */
@Entity({ name: 'redirects' })
export class RedirectEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'from_path', type: 'varchar', length: REDIRECT_PATH_MAX_LENGTH })
  from_path!: string;

  @Column({ name: 'to_path', type: 'varchar', length: REDIRECT_PATH_MAX_LENGTH })
  to_path!: string;

  @Column({ name: 'status_code', type: 'smallint', default: 301 })
  status_code!: RedirectStatusCode;

  @Column({ type: 'int', default: 0 })
  hits!: number;

  @Column({ name: 'last_hit_at', type: 'timestamptz', nullable: true })
  last_hit_at!: Date | null;

  /** 'manual' (the admin), or the importer that made it ('wxr', 'ghost', 'archive'). */
  @Column({ type: 'text', default: 'manual' })
  source!: string;
}
