import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Server-side sessions, in the layout `connect-pg-simple` reads and writes. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar' })
  sid!: string;

  @Column({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index('IDX_sessions_expire')
  @Column({ type: 'timestamp', precision: 6 })
  expire!: Date;
}
