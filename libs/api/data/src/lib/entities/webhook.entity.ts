import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { WebhookEvent } from '@blog/contracts';
import { Timestamped } from './timestamps';

/** An address told of the site's events (libs/api/webhooks), with the secret its deliveries are signed with. */
@Entity({ name: 'webhooks' })
export class WebhookEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: WebhookEvent[];

  /** The signing secret sealed with AES-256-GCM (`SecretBox`): a database dump alone does not reveal it. */
  @Column({ name: 'secret_sealed', type: 'text' })
  secret_sealed!: string;

  @Column({ type: 'boolean', default: true })
  active!: boolean;
}
