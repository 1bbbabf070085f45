import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  AVAILABILITY_NOTE_MAX_LENGTH,
  MAIL_SENDER_NAME_MAX_LENGTH,
  SITE_IDENTITY_MAX_LENGTH,
  type AvailabilityState,
  type Language,
} from '@blog/contracts';
import { Versioned } from './versioned';

/** Site-wide logos, contact details and the site's identity: a singleton record. */
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

  // The site's identity (its defaults, `SITE_IDENTITY_DEFAULTS`, are the columns' own: the SiteIdentity migration).
  @Column({ type: 'varchar', length: SITE_IDENTITY_MAX_LENGTH.site_name })
  site_name!: string;

  @Column({ type: 'varchar', length: SITE_IDENTITY_MAX_LENGTH.site_description })
  site_description!: string;

  @Column({ type: 'varchar', length: SITE_IDENTITY_MAX_LENGTH.hero_greeting })
  hero_greeting!: string;

  @Column({ type: 'varchar', length: SITE_IDENTITY_MAX_LENGTH.hero_title })
  hero_title!: string;

  @Column({ type: 'varchar', length: SITE_IDENTITY_MAX_LENGTH.hero_text })
  hero_text!: string;

  /** An upload's name; null: the picture built into the site. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  hero_image!: string | null;

  @Column({ type: 'varchar', length: SITE_IDENTITY_MAX_LENGTH.author_name })
  author_name!: string;

  @Column({ type: 'varchar', length: SITE_IDENTITY_MAX_LENGTH.copyright_holder })
  copyright_holder!: string;

  /** Whether the owner takes work (`AVAILABILITY_STATES`); a booking has its last day (the Availability migration's checks). */
  @Column({ type: 'varchar', length: 20, default: 'available' })
  availability!: AvailabilityState;

  /** `YYYY-MM-DD`: the booking's last day, in the site's time zone. */
  @Column({ type: 'date', nullable: true })
  booked_until!: string | null;

  @Column({ type: 'varchar', length: AVAILABILITY_NOTE_MAX_LENGTH, default: '' })
  availability_note!: string;

  /** The sender of the subscription mails ('': the site's name, the server's `MAIL_FROM`). */
  @Column({ type: 'varchar', length: MAIL_SENDER_NAME_MAX_LENGTH, default: '' })
  sender_name!: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  sender_address!: string;

  // Readers' comments (`commentSettingsSchema`; the defaults, `COMMENT_SETTINGS_DEFAULTS`, are the columns' own).
  @Column({ type: 'boolean' })
  comments_enabled!: boolean;

  /** Comments close this many days after a post's publication; 0: never. */
  @Column({ type: 'int' })
  comments_close_after_days!: number;

  @Column({ type: 'int' })
  comments_max_links!: number;

  /** One word or phrase a line. */
  @Column({ type: 'text' })
  comments_block_list!: string;

  @Column({ type: 'int' })
  comments_spam_threshold!: number;

  /** The language of the unprefixed addresses; always among `languages` (a check of the table). */
  @Column({ name: 'default_language', type: 'varchar', length: 2, default: 'en' })
  default_language!: Language;

  /** The languages the site runs, in `LANGUAGES`' order. */
  @Column({ type: 'varchar', length: 2, array: true, default: '{en,vi}' })
  languages!: Language[];
}
