import { Column } from 'typeorm';
import type { RevisionDoor } from '@blog/contracts';
import { Timestamped } from './timestamps';

/**
 * A record with a version: 1 when created, bumped in the UPDATE of every write
 * (`versionedColumns`), and who wrote it last, for the conflict a refused save reports.
 */
export abstract class Versioned extends Timestamped {
  @Column({ type: 'int', default: 1 })
  version!: number;

  /** The user who wrote this version; null when unknown or since deleted. */
  @Column({ name: 'updated_by', type: 'int', nullable: true })
  updated_by!: number | null;

  @Column({ name: 'updated_via', type: 'varchar', length: 16, default: 'rest' })
  updated_via!: RevisionDoor;

  /** The writing session's device ("Firefox on Android"); null for a script or an import. */
  @Column({ name: 'updated_session', type: 'varchar', length: 120, nullable: true })
  updated_session!: string | null;
}
