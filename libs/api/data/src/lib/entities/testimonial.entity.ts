import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TESTIMONIAL_LIMITS, type Language } from '@blog/contracts';
import { Versioned } from './versioned';

/** A client's words (libs/api/testimonials); its table is made by migration `Testimonials1795781154124`. */
@Entity({ name: 'testimonials' })
// One version per language in a translation group (migration PortfolioLanguages1795890000000).
@Index('UQ_testimonials_translation', ['translation_group', 'language'], {
  unique: true,
  where: 'translation_group IS NOT NULL',
})
export class TestimonialEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: TESTIMONIAL_LIMITS.name })
  name!: string;

  @Column({ type: 'varchar', length: TESTIMONIAL_LIMITS.role, default: '' })
  role!: string;

  @Column({ type: 'varchar', length: TESTIMONIAL_LIMITS.company, default: '' })
  company!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  photo!: string | null;

  @Column({ type: 'text' })
  quote!: string;

  /** The project it is about; null when none, or once that project is deleted for good (`ON DELETE SET NULL`). */
  @Column({ type: 'int', nullable: true })
  project_id!: number | null;

  /** The day the person agreed to be quoted (`YYYY-MM-DD`). */
  @Column({ type: 'date' })
  consented_on!: string;

  @Column({ type: 'varchar', length: TESTIMONIAL_LIMITS.source_url, nullable: true })
  source_url!: string | null;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  /** Its project is in its language. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** Shared by its versions in the other languages (one per language); null for one without any. */
  @Column({ name: 'translation_group', type: 'uuid', nullable: true })
  translation_group!: string | null;
}
