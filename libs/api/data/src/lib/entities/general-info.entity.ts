import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Versioned } from './versioned';

/** Site-wide logos and contact details: a singleton record. */
@Entity({ name: 'general_info' })
export class GeneralInfoEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'logo_1', type: 'varchar', length: 255, nullable: true })
  logo_1!: string | null;

  @Column({ name: 'logo_2', type: 'varchar', length: 255, nullable: true })
  logo_2!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  favicon!: string | null;

  @Column({ type: 'varchar', length: 254, default: '' })
  email!: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  phone!: string;

  /** Shown on the contact page beside phone and e-mail. */
  @Column({ type: 'varchar', length: 300, default: '' })
  address!: string;

  /** The owner's social profiles (https addresses; null: not set, so the public pages show no link). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  facebook_url!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  instagram_url!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  linkedin_url!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  youtube_url!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  zalo_url!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  tiktok_url!: string | null;
}
