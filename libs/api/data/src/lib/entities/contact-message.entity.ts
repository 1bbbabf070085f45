import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
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

  /** When an administrator read it; null while unread. */
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  read_at!: Date | null;
}
