import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { SERVICE_LIMITS, type Language } from '@blog/contracts';
import { Versioned } from './versioned';

/** A service the owner offers (libs/api/services); its table is made by migration `Services1795781144630`. */
@Entity({ name: 'services' })
// A slug is unique per language; one version per language in a translation group (PortfolioLanguages1795890000000).
@Index('UQ_services_slug', ['language', 'slug'], { unique: true })
@Index('UQ_services_translation', ['translation_group', 'language'], {
  unique: true,
  where: 'translation_group IS NOT NULL',
})
export class ServiceEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: SERVICE_LIMITS.name })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ type: 'text', default: '' })
  summary!: string;

  /** What is delivered, one short line each. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  deliverables!: string[];

  @Column({ type: 'varchar', length: SERVICE_LIMITS.duration, default: '' })
  duration!: string;

  /** "From" this many đồng; null is "on request" (then `price_usd` is null too: `CHK_services_price`). */
  @Column({ type: 'int', nullable: true })
  price_vnd!: number | null;

  @Column({ type: 'int', nullable: true })
  price_usd!: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  cover!: string | null;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  /** The projects that name it are in its language. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** Shared by its versions in the other languages (one per language); null for one without any. */
  @Column({ name: 'translation_group', type: 'uuid', nullable: true })
  translation_group!: string | null;
}
