import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SOURCE_PATH_MAX, type InquiryTopicKind, type StatsSource } from '@blog/contracts';
import { Timestamped } from './timestamps';

@Entity({ name: 'contact_messages' })
export class ContactMessageEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  phone!: string;

  @Column({ type: 'text' })
  message!: string;

  /**
   * What an inquiry is about: the kind, the project's or service's slug and its title as they were
   * when it was sent (copied, not linked, so the inbox reads the same after a rename or a delete);
   * all null for a plain message.
   */
  @Column({ name: 'topic_kind', type: 'varchar', length: 20, nullable: true })
  topic_kind!: InquiryTopicKind | null;

  @Column({ name: 'topic_slug', type: 'varchar', length: 200, nullable: true })
  topic_slug!: string | null;

  @Column({ name: 'topic_title', type: 'varchar', length: 300, nullable: true })
  topic_title!: string | null;

  /** The page of this site it was sent from; null for messages stored before it was recorded. */
  @Column({ name: 'source_path', type: 'varchar', length: SOURCE_PATH_MAX, nullable: true })
  source_path!: string | null;

  /**
   * Where the visit that sent it came from (`StatsSource`: search, facebook …) and the name it was
   * known by (`google`, a `utm_source`): never the visitor. Null when not known (another instance
   * counted the visit, Do Not Track, analytics off).
   */
  @Column({ name: 'visit_source', type: 'varchar', length: 12, nullable: true })
  visit_source!: StatsSource | null;

  @Column({ name: 'visit_source_name', type: 'varchar', length: 255, nullable: true })
  visit_source_name!: string | null;

  /** When an administrator read it; null while unread. */
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  read_at!: Date | null;
}
