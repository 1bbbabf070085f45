import request from 'supertest';
import { POST_STATUS, projectCardSchema } from '@blog/contracts';
import { createProject, useTestApp } from '@blog/api/testing';
import { ProjectsModule } from './projects.module';
import { ProjectsRouter } from './projects.router';

describe('the site search over projects (REST and tRPC)', () => {
  const t = useTestApp([ProjectsModule]);
  const trpc = t.caller(ProjectsRouter);
  /** The slugs found for `term` on both doors, which must agree. */
  const found = async (term: string) => {
    const res = await request(t.app.getHttpServer())
      .get(`/api/searchProjects/${encodeURIComponent(term)}`)
      .expect(200);
    expect(await trpc.search({ term })).toEqual(res.body);
    return (res.body as Array<{ slug: string }>).map((card) => card.slug);
  };

  beforeAll(async () => {
    await createProject(t.database, {
      slug: 'homestay-booking',
      title: 'Đặt phòng homestay',
      client_name: 'Nhà Sàn Hà Giang',
      stack: ['react', 'node.js', 'postgresql'],
      summary: 'Bookings for a family homestay in the mountains.',
      problem: '<p>Guests booked by <strong>phone calls</strong> only.</p>',
      approach: '<p>A booking calendar synced with Airbnb.</p>',
      outcome: '<p>Bookings <em>doubled</em> in một mùa.</p>',
      cover: 'homestay.webp',
      sort_order: 2,
    });
    await createProject(t.database, {
      slug: 'wordpress-rescue',
      title: 'WordPress speed rescue',
      client_name: 'Lan Coffee',
      stack: ['wordpress', 'php'],
      summary: 'A slow shop made fast.',
      sort_order: 1,
    });
    await createProject(t.database, {
      slug: 'hidden-react',
      title: 'Secret React work',
      client_name: 'Nhà Sàn Hà Giang',
      status: POST_STATUS.hidden,
    });
    await createProject(t.database, { slug: 'draft-react', title: 'Draft React work', published_at: null });
    await createProject(t.database, {
      slug: 'scheduled-react',
      title: 'Scheduled React work',
      published_at: new Date(Date.now() + 86_400_000),
    });
  });

  it('finds a visible project by its client, accents ignored either way', async () => {
    expect(await found('nha san')).toEqual(['homestay-booking']);
    expect(await found('Nhà Sàn Hà Giang')).toEqual(['homestay-booking']);
    expect(await found('lan coffee')).toEqual(['wordpress-rescue']);
  });

  it('finds a project by a tag of its stack, the last word as a prefix', async () => {
    expect(await found('postgres')).toEqual(['homestay-booking']);
    expect(await found('node.js')).toEqual(['homestay-booking']);
    expect(await found('php')).toEqual(['wordpress-rescue']);
  });

  it('finds a project by its title, summary and case study, tags left out', async () => {
    expect(await found('dat phong')).toEqual(['homestay-booking']);
    expect(await found('slow shop')).toEqual(['wordpress-rescue']);
    expect(await found('phone calls')).toEqual(['homestay-booking']);
    expect(await found('airbnb')).toEqual(['homestay-booking']);
    expect(await found('mot mua')).toEqual(['homestay-booking']);
    expect(await found('strong')).toEqual([]);
  });

  it('never finds a hidden, draft or scheduled project', async () => {
    expect(await found('react')).toEqual(['homestay-booking']);
    expect(await found('secret')).toEqual([]);
    expect(await found('draft')).toEqual([]);
    expect(await found('scheduled')).toEqual([]);
  });

  it('answers cards: what a result shows, nothing of the case study', async () => {
    const [card] = await trpc.search({ term: 'homestay' });
    expect(projectCardSchema.strict().parse(card)).toEqual({
      id: expect.any(Number),
      title: 'Đặt phòng homestay',
      slug: 'homestay-booking',
      client_name: 'Nhà Sàn Hà Giang',
      year_from: 2024,
      year_to: null,
      stack: ['react', 'node.js', 'postgresql'],
      summary: 'Bookings for a family homestay in the mountains.',
      cover: 'homestay.webp',
      cover_alt: '',
      featured: false,
      language: 'en',
    });
  });

  it('ranks a match in the title above one in the body, then keeps the owner’s order', async () => {
    const extra = await createProject(t.database, {
      slug: 'shop-body-only',
      title: 'Small shop',
      outcome: '<p>Faster than the WordPress site it replaced.</p>',
      sort_order: 0,
    });
    try {
      expect(await found('wordpress')).toEqual(['wordpress-rescue', 'shop-body-only']);
      expect(await found('shop')).toEqual(['shop-body-only', 'wordpress-rescue']);
    } finally {
      await t.database.dataSource.query('DELETE FROM projects WHERE id = $1', [extra.id]);
    }
  });

  it('answers nothing for a text without a letter or digit, and refuses an empty one', async () => {
    expect(await found('!?')).toEqual([]);
    await request(t.app.getHttpServer()).get('/api/searchProjects/%20').expect(400);
  });
});
