import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { WebhookDeliveryStatus } from '@blog/contracts';

/**
 * One event sent to one webhook (its log line): the body is kept as first sent, so that every attempt
 * and a "Send again" send the same message under the same id. Kept bounded (`WEBHOOK_LOG_*`).
 */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  /** The message id (`Webhook-Id`), a UUID. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'webhook_id', type: 'int' })
  webhook_id!: number;

  @Column({ type: 'text' })
  event!: string;

  /** The JSON body, exactly as signed and sent. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'response_status', type: 'int', nullable: true })
  response_status!: number | null;

  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  duration_ms!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  created_at!: Date;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  last_attempt_at!: Date | null;
}
