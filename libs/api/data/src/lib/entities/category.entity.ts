import { Column, Entity, Unique, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { Versioned } from './versioned';
import type { PostEntity } from './post.entity';

@Entity({ name: 'categories' })
@Unique('UQ_categories_slug', ['slug'])
export class CategoryEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  /** Under its name on the home page's tiles ('' for none). */
  @Column({ type: 'text', default: '' })
  description!: string;

  /** Readers may subscribe to its new posts by e-mail (every category unless the owner unmarks it). */
  @Column({ type: 'boolean', default: true })
  subscribable!: boolean;

  @OneToMany('PostEntity', (post: PostEntity) => post.category)
  posts?: PostEntity[];
}
