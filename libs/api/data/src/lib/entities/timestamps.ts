import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** `created_at` / `updated_at` kept by TypeORM on every entity. */
export abstract class Timestamped {
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updated_at!: Date;
}
