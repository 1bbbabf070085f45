import request from 'supertest';
import { COMMENT_SETTINGS_DEFAULTS, SITE_IDENTITY_DEFAULTS } from '@blog/contracts';
import { GeneralInfoEntity } from '@blog/api/data';
import { expectAdminOnly, invalidInput, trpcHttp, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { SiteInfoModule } from './site-info.module';
import { SiteInfoRouter } from './site-info.router';

const siteInfo = trpcHttp<SiteInfoRouter['router']>('siteInfo');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

/** What the spec's client sends (it knows no `address`). */
const SPEC_BODY = {
  logo_1: '0b5d8a52-1d1f-4d5e-9a7e-1f2a3b4c5d6e.png',
  logo_2: 'logo-2.webp',
  favicon: 'favicon.ico',
  email: ' owner@example.com ',
  phone: ' +84 90 123 4567 ',
};

describe('general info: the admin writes (REST and tRPC)', () => {
  const t = useTestApp([SiteInfoModule], {
    trpc: (nest) => ({ siteInfo: nest.get(SiteInfoRouter).router }),
    signIn: true,
  });

  const records = () => t.database.dataSource.getRepository(GeneralInfoEntity);

  beforeEach(async () => {
    await t.database.dataSource.query('DELETE FROM general_info');
  });

  /**
   * A save of `body` over a new record is refused on both doors, with 400 naming `field` (REST: with
   * `message`); answers the record's id.
   */
  async function expectRefused(body: Record<string, unknown>, field: string, message: string): Promise<number> {
    const { id } = await records().save({ phone: 'kept' });
    const rest = (await t.admin.put(`/api/generalInfo/${id}`).send(body).expect(400)).body.errors;
    expect(rest).toEqual([{ field, message: expect.stringContaining(message) }]);
    const trpc = (await siteInfo.mutation(t.admin, 'update', invalidInput({ id, ...body })).expect(400)).body.error.data
      .fieldErrors;
    expect(fieldsOf(trpc)).toEqual([field]);
    return id;
  }

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, id: number) => request.Test]> = [
      ['POST /api/generalInfo', (agent) => agent.post('/api/generalInfo').send({ phone: '123' })],
      ['PUT /api/generalInfo/:id', (agent, id) => agent.put(`/api/generalInfo/${id}`).send({ phone: '123' })],
      ['tRPC siteInfo.create', (agent) => siteInfo.mutation(agent, 'create', { phone: '123' })],
      ['tRPC siteInfo.update', (agent, id) => siteInfo.mutation(agent, 'update', { id, phone: '123' })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const creates = door.startsWith('POST') || door.endsWith('create');
      const id = creates ? 0 : (await records().save({ phone: 'old' })).id;
      const snapshot = async () => (await records().find()).map(({ phone }) => phone);
      const before = await snapshot();

      await expectAdminOnly(door, (agent) => call(agent, id), t);
      expect(await snapshot()).toEqual(before);

      await call(t.admin, id).expect(200);
      expect(await snapshot()).toEqual(['123']);
    });
  });

  it('creates the record from the spec body (trimmed; address empty) and answers {status: 200, id}; then 409', async () => {
    const res = await t.admin.post('/api/generalInfo').send(SPEC_BODY).expect(200);
    expect(res.body).toEqual({ status: 200, id: expect.any(Number) });
    expect(await records().findOneByOrFail({ id: res.body.id })).toMatchObject({
      logo_1: SPEC_BODY.logo_1,
      logo_2: 'logo-2.webp',
      favicon: 'favicon.ico',
      email: 'owner@example.com',
      phone: '+84 90 123 4567',
      address: '',
    });
    // The public read serves the new files.
    const [info] = (await request(t.app.getHttpServer()).get('/api/gst-generalInfo').expect(200)).body;
    expect(info).toMatchObject({ logo_1_url: `/uploads/${SPEC_BODY.logo_1}`, favicon_url: '/uploads/favicon.ico' });

    const again = await t.admin.post('/api/generalInfo').send(SPEC_BODY).expect(409);
    expect(again.body.message).toContain(`PUT /api/generalInfo/${res.body.id}`);
    expect((await siteInfo.mutation(t.admin, 'create', {}).expect(409)).body.error.data.code).toBe('CONFLICT');
    expect(await records().count()).toBe(1);
  });

  it('creates an empty record from an empty body, on the tRPC door', async () => {
    const res = await siteInfo.mutation(t.admin, 'create', {}).expect(200);
    expect(await records().findOneByOrFail({ id: res.body.result.data.id })).toMatchObject({
      logo_1: null,
      logo_2: null,
      favicon: null,
      email: '',
      phone: '',
      address: '',
    });
  });

  it('updates what is sent, keeps what is left out (the address the spec client never sends), clears a logo with null', async () => {
    const { id } = await records().save({
      logo_1: 'a.png',
      logo_2: 'b.png',
      favicon: 'c.ico',
      email: 'x@example.com',
      phone: '1',
      address: 'Hà Nội',
    });
    const res = await t.admin
      .put(`/api/generalInfo/${id}`)
      .send({ ...SPEC_BODY, logo_2: null })
      .expect(200);
    expect(res.body).toEqual({ status: 200, id });
    expect(await records().findOneByOrFail({ id })).toMatchObject({
      logo_1: SPEC_BODY.logo_1,
      logo_2: null,
      favicon: 'favicon.ico',
      email: 'owner@example.com',
      phone: '+84 90 123 4567',
      address: 'Hà Nội',
    });

    await siteInfo.mutation(t.admin, 'update', { id, address: ' Đà Lạt ', favicon: '' }).expect(200);
    expect(await records().findOneByOrFail({ id })).toMatchObject({
      address: 'Đà Lạt',
      favicon: null,
      logo_1: SPEC_BODY.logo_1,
    });
    // Nothing to change is fine too.
    await t.admin.put(`/api/generalInfo/${id}`).send({}).expect(200);
  });

  it.each([
    ['a logo path', { logo_1: '../../etc/passwd' }, 'logo_1'],
    ['a favicon URL', { favicon: 'https://evil.example/x.ico' }, 'favicon'],
    ['a logo in a folder', { logo_2: 'x/y.png' }, 'logo_2'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a too-long phone', { phone: '1'.repeat(51) }, 'phone'],
  ])('answers 400 naming the field for %s, on both doors, storing nothing', async (_case, body, field) => {
    const { id } = await records().save({ phone: 'kept' });
    expect(fieldsOf((await t.admin.put(`/api/generalInfo/${id}`).send(body).expect(400)).body.errors)).toEqual([field]);
    expect(
      fieldsOf((await siteInfo.mutation(t.admin, 'update', { id, ...body }).expect(400)).body.error.data.fieldErrors),
    ).toEqual([field]);
    await t.database.dataSource.query('DELETE FROM general_info');
    expect(fieldsOf((await t.admin.post('/api/generalInfo').send(body).expect(400)).body.errors)).toEqual([field]);
    expect(await records().count()).toBe(0);
  });

  describe('social profiles', () => {
    const PROFILES = {
      facebook_url: 'https://www.facebook.com/phuong.blog',
      instagram_url: ' https://instagram.com/phuong ',
      linkedin_url: 'https://vn.linkedin.com/in/phuong',
      youtube_url: 'https://youtu.be/abc',
      zalo_url: 'https://zalo.me/0901234567',
      tiktok_url: 'https://www.tiktok.com/@phuong',
    };

    it('are null until set, stored (trimmed) on create and update, read back on both doors, cleared with null or empty', async () => {
      const created = await t.admin
        .post('/api/generalInfo')
        .send({ phone: '1', facebook_url: PROFILES.facebook_url })
        .expect(200);
      const id = created.body.id as number;
      let [info] = (await request(t.app.getHttpServer()).get('/api/gst-generalInfo').expect(200)).body;
      expect(info).toMatchObject({
        facebook_url: PROFILES.facebook_url,
        instagram_url: null,
        linkedin_url: null,
        youtube_url: null,
        zalo_url: null,
        tiktok_url: null,
      });

      await siteInfo.mutation(t.admin, 'update', { id, ...PROFILES }).expect(200);
      [info] = (await request(t.app.getHttpServer()).get('/api/generalInfo').expect(200)).body;
      expect(info).toMatchObject({ ...PROFILES, instagram_url: 'https://instagram.com/phuong' });
      const trpcList = (await t.admin.get('/trpc/siteInfo.list').expect(200)).body.result.data;
      expect(trpcList).toEqual([info]);

      // A save that leaves them out (the spec's client) keeps them; null and '' remove one.
      await t.admin.put(`/api/generalInfo/${id}`).send(SPEC_BODY).expect(200);
      expect(await records().findOneByOrFail({ id })).toMatchObject({ zalo_url: PROFILES.zalo_url });
      await t.admin.put(`/api/generalInfo/${id}`).send({ zalo_url: null, tiktok_url: '' }).expect(200);
      expect(await records().findOneByOrFail({ id })).toMatchObject({
        zalo_url: null,
        tiktok_url: null,
        youtube_url: PROFILES.youtube_url,
      });
    });

    it.each([
      [
        'an http address',
        { facebook_url: 'http://facebook.com/phuong' },
        'facebook_url',
        'Facebook must be an https:// address',
      ],
      [
        'a script address',
        { youtube_url: 'javascript:alert(1)' },
        'youtube_url',
        'YouTube must be an https:// address',
      ],
      ['not an address', { zalo_url: 'zalo me 123' }, 'zalo_url', 'Zalo must be an https:// address'],
      [
        'another network',
        { instagram_url: 'https://facebook.com/phuong' },
        'instagram_url',
        'Instagram must be an address on instagram.com',
      ],
      [
        'a look-alike host',
        { linkedin_url: 'https://linkedin.com.evil.example/in/x' },
        'linkedin_url',
        'LinkedIn must be an address on linkedin.com',
      ],
      [
        'credentials in the address',
        { tiktok_url: 'https://user:pw@tiktok.com/@x' },
        'tiktok_url',
        'TikTok must be an https:// address',
      ],
      [
        'a too-long address',
        { facebook_url: `https://facebook.com/${'a'.repeat(300)}` },
        'facebook_url',
        'Facebook must be at most 300 characters',
      ],
      [
        'a control character',
        { youtube_url: 'https://youtube.com/\u0007x' },
        'youtube_url',
        'must not contain control characters',
      ],
      ['a number', { zalo_url: 42 }, 'zalo_url', 'Zalo must be text'],
    ])('answer 400 naming the field for %s, on both doors', async (_case, body, field, message) => {
      const id = await expectRefused(body, field, message);
      expect(await records().findOneByOrFail({ id })).toMatchObject({ [field]: null });
    });

    it('get https:// when typed without it (the form shows the same), on both doors', async () => {
      const { id } = await records().save({ phone: 'kept' });
      await t.admin
        .put(`/api/generalInfo/${id}`)
        .send({ facebook_url: 'facebook.com/phuong', instagram_url: ' //instagram.com/phuong ' })
        .expect(200);
      await siteInfo
        .mutation(t.admin, 'update', { id, youtube_url: 'www.youtube.com/@phuong', tiktok_url: 'tiktok.com/@phuong' })
        .expect(200);
      const [info] = (await request(t.app.getHttpServer()).get('/api/gst-generalInfo').expect(200)).body;
      expect(info).toMatchObject({
        facebook_url: 'https://facebook.com/phuong',
        instagram_url: 'https://instagram.com/phuong',
        youtube_url: 'https://www.youtube.com/@phuong',
        tiktok_url: 'https://tiktok.com/@phuong',
      });
    });
  });

  describe("the site's identity", () => {
    const IDENTITY = {
      site_name: ' Nhật ký của Lan ',
      site_description: 'Chuyện đi đường và thơ.',
      hero_greeting: '',
      hero_title: 'Xin chào, mình là Lan',
      hero_text: 'Viết ở Đà Lạt.',
      author_name: 'Lan',
      copyright_holder: 'Trần Thị Lan',
    };
    const read = async () => (await request(t.app.getHttpServer()).get('/api/gst-generalInfo').expect(200)).body[0];

    it("is today's until set, set on both doors (trimmed), read back on every door, kept by a save without it", async () => {
      const { id } = (await t.admin.post('/api/generalInfo').send({ phone: '1' }).expect(200)).body;
      expect(await read()).toMatchObject({ ...SITE_IDENTITY_DEFAULTS, hero_image: null, hero_image_url: null });

      await t.admin.put(`/api/generalInfo/${id}`).send(IDENTITY).expect(200);
      await siteInfo.mutation(t.admin, 'update', { id, hero_image: 'hero-lan.webp' }).expect(200);
      const expected = {
        ...IDENTITY,
        site_name: 'Nhật ký của Lan',
        hero_image: 'hero-lan.webp',
        hero_image_url: '/uploads/hero-lan.webp',
      };
      expect(await read()).toMatchObject(expected);
      expect((await t.admin.get('/api/generalInfo').expect(200)).body[0]).toMatchObject(expected);
      expect((await t.admin.get('/trpc/siteInfo.list').expect(200)).body.result.data[0]).toMatchObject(expected);

      // The spec's client knows none of them: they stay.
      await t.admin.put(`/api/generalInfo/${id}`).send(SPEC_BODY).expect(200);
      expect(await read()).toMatchObject(expected);
    });

    it.each([
      ['an empty site name', { site_name: '  ' }, 'site_name', 'must not be empty'],
      ['an empty author', { author_name: '' }, 'author_name', 'must not be empty'],
      ['a long description', { site_description: 'a'.repeat(301) }, 'site_description', 'at most 300 characters'],
      ['a long hero title', { hero_title: 'a'.repeat(101) }, 'hero_title', 'at most 100 characters'],
      ['two lines', { copyright_holder: 'Lan\r\nBcc: x@example.com' }, 'copyright_holder', 'must be a single line'],
      ['a path as the hero picture', { hero_image: '../hero.webp' }, 'hero_image', 'must be'],
    ])('answers 400 naming the field for %s, on both doors, writing nothing', async (_case, body, field, message) => {
      await expectRefused(body, field, message);
      expect(await read()).toMatchObject(SITE_IDENTITY_DEFAULTS);
    });
  });

  describe('availability', () => {
    const read = async () => (await request(t.app.getHttpServer()).get('/api/gst-generalInfo').expect(200)).body[0];
    const NONE = { availability: 'available', booked_until: null, availability_note: '' };

    it('is available with no line until set; set on both doors, kept by a save without it; another state clears the day', async () => {
      const { id } = (await t.admin.post('/api/generalInfo').send({ phone: '1' }).expect(200)).body;
      expect(await read()).toMatchObject(NONE);

      const booked = {
        availability: 'booked',
        booked_until: '2026-12-15',
        availability_note: ' Free again in January. ',
      };
      await t.admin.put(`/api/generalInfo/${id}`).send(booked).expect(200);
      const expected = { ...booked, availability_note: 'Free again in January.' };
      expect(await read()).toMatchObject(expected);
      expect((await t.admin.get('/trpc/siteInfo.list').expect(200)).body.result.data[0]).toMatchObject(expected);

      await t.admin.put(`/api/generalInfo/${id}`).send(SPEC_BODY).expect(200);
      expect(await read()).toMatchObject(expected);

      await siteInfo.mutation(t.admin, 'update', { id, availability: 'not_taking_work' }).expect(200);
      expect(await read()).toMatchObject({ ...expected, availability: 'not_taking_work', booked_until: null });
    });

    it.each([
      ['a booking without its day', { availability: 'booked' }, 'booked_until', 'required when booked'],
      ['a day alone', { booked_until: '2026-12-15' }, 'availability', 'required with booked_until'],
      ['an unknown state', { availability: 'busy' }, 'availability', 'must be one of'],
      ['a day that is none', { availability: 'booked', booked_until: '2026-02-30' }, 'booked_until', 'must be a day'],
      ['a long line', { availability_note: 'a'.repeat(161) }, 'availability_note', 'at most 160 characters'],
      ['two lines', { availability_note: 'Free\nsoon' }, 'availability_note', 'must be a single line'],
    ])('answers 400 naming the field for %s, on both doors, writing nothing', async (_case, body, field, message) => {
      await expectRefused(body, field, message);
      expect(await read()).toMatchObject(NONE);
    });

    it('is kept by the database from a booking without its day', async () => {
      const { id } = await records().save({ phone: 'kept' });
      await expect(
        t.database.dataSource.query(`UPDATE general_info SET availability = 'booked' WHERE id = $1`, [id]),
      ).rejects.toMatchObject({ code: '23514', constraint: 'CHK_general_info_booked_until' });
    });
  });

  describe('the sender of the subscription mails', () => {
    const read = async () => (await request(t.app.getHttpServer()).get('/api/gst-generalInfo').expect(200)).body[0];
    const NONE = { sender_name: '', sender_address: '' };

    it('is empty until set; set on both doors (trimmed), kept by a save without it, cleared with empty', async () => {
      const { id } = (await t.admin.post('/api/generalInfo').send({ phone: '1' }).expect(200)).body;
      expect(await read()).toMatchObject(NONE);
      await t.admin
        .put(`/api/generalInfo/${id}`)
        .send({ sender_name: ' Phương viết ', sender_address: ' phuong@blog.test ' })
        .expect(200);
      const expected = { sender_name: 'Phương viết', sender_address: 'phuong@blog.test' };
      expect(await read()).toMatchObject(expected);
      await siteInfo.mutation(t.admin, 'update', { id, phone: '2' }).expect(200);
      expect((await t.admin.get('/trpc/siteInfo.list').expect(200)).body.result.data[0]).toMatchObject(expected);
      await siteInfo.mutation(t.admin, 'update', { id, sender_name: '', sender_address: '' }).expect(200);
      expect(await read()).toMatchObject(NONE);
    });

    it.each([
      ['an address that is none', { sender_address: 'phuong at blog' }, 'sender_address', 'valid e-mail address'],
      ['a name on two lines', { sender_name: 'Phương\nBcc: x@y.z' }, 'sender_name', 'must be a single line'],
      ['a long name', { sender_name: 'a'.repeat(101) }, 'sender_name', 'at most 100 characters'],
    ])('answers 400 naming the field for %s, on both doors, writing nothing', async (_case, body, field, message) => {
      await expectRefused(body, field, message);
      expect(await read()).toMatchObject(NONE);
    });
  });

  describe('the comment settings', () => {
    const read = async () => {
      const [{ id }] = await records().find({ select: ['id'] });
      return (await t.admin.get(`/api/generalInfo/${id}`).expect(200)).body;
    };
    const SET = {
      comments_enabled: false,
      comments_close_after_days: 30,
      comments_max_links: 0,
      comments_block_list: 'casino\ncheap pills',
      comments_spam_threshold: 80,
    };

    it('are the defaults until set; set on both doors, kept by a save without them, and versioned', async () => {
      const { id } = (await t.admin.post('/api/generalInfo').send({ phone: '1' }).expect(200)).body;
      expect(await read()).toMatchObject({ ...COMMENT_SETTINGS_DEFAULTS, version: 1 });
      await t.admin.put(`/api/generalInfo/${id}`).send(SET).expect(200);
      expect(await read()).toMatchObject({ ...SET, version: 2 });
      await siteInfo.mutation(t.admin, 'update', { id, phone: '2', comments_enabled: true }).expect(200);
      expect(await read()).toMatchObject({ ...SET, comments_enabled: true, version: 3 });
    });

    it('keep the moderation rules from the public reads; the admin doors give them, REST with the ETag', async () => {
      const { id } = (await t.admin.post('/api/generalInfo').send(SET).expect(200)).body;
      const moderation = {
        comments_max_links: 0,
        comments_block_list: 'casino\ncheap pills',
        comments_spam_threshold: 80,
      };
      const anonymous = request(t.app.getHttpServer());
      for (const path of ['/api/generalInfo', '/api/gst-generalInfo']) {
        const [info] = (await anonymous.get(path).expect(200)).body;
        expect(info).toMatchObject({ comments_enabled: false, comments_close_after_days: 30 });
        for (const field of Object.keys(moderation)) expect(info).not.toHaveProperty(field);
      }
      const [publicTrpc] = (await siteInfo.query(anonymous, 'list').expect(200)).body.result.data;
      for (const field of Object.keys(moderation)) expect(publicTrpc).not.toHaveProperty(field);

      const rest = await t.admin.get(`/api/generalInfo/${id}`).expect(200);
      expect(rest.headers['etag']).toBe('"v1"');
      expect(rest.body).toMatchObject({ id, ...SET, version: 1 });
      expect((await siteInfo.query(t.admin, 'adminList').expect(200)).body.result.data).toEqual([rest.body]);
      await expectAdminOnly('GET /api/generalInfo/:id', (agent) => agent.get(`/api/generalInfo/${id}`), t);
      await expectAdminOnly('tRPC siteInfo.adminList', (agent) => siteInfo.query(agent, 'adminList'), t);
      expect((await t.admin.get('/api/generalInfo/999999').expect(404)).body.message).toBe(
        'General info record not found',
      );
    });

    it('come back with the record now when a save is refused for its version', async () => {
      const { id } = (await t.admin.post('/api/generalInfo').send(SET).expect(200)).body;
      await t.admin.put(`/api/generalInfo/${id}`).send({ phone: '1' }).expect(200);
      const refused = await siteInfo.mutation(t.admin, 'update', { id, version: 1, phone: '2' }).expect(409);
      expect(refused.body.error.data.conflict.current).toMatchObject({ ...SET, version: 2 });
    });

    it.each([
      [
        'a negative number of days',
        { comments_close_after_days: -1 },
        'comments_close_after_days',
        'must be at least 0',
      ],
      ['a threshold of 0', { comments_spam_threshold: 0 }, 'comments_spam_threshold', 'must be at least 1'],
      ['links as text', { comments_max_links: 'two' }, 'comments_max_links', 'must be a number'],
    ])('answers 400 naming the field for %s, on both doors, writing nothing', async (_case, body, field, message) => {
      await expectRefused(body, field, message);
      expect(await read()).toMatchObject(COMMENT_SETTINGS_DEFAULTS);
    });
  });

  it('answers 404 for an unknown id, on both doors', async () => {
    expect((await t.admin.put('/api/generalInfo/999999').send(SPEC_BODY).expect(404)).body.message).toBe(
      'General info record not found',
    );
    expect((await siteInfo.mutation(t.admin, 'update', { id: 999999 }).expect(404)).body.error.data.code).toBe(
      'NOT_FOUND',
    );
  });

  describe('versions: ETag, If-Match / 412 and tRPC CONFLICT', () => {
    it('saves over the version named, refuses a stale or malformed one with the record now, writes nothing', async () => {
      const { id } = (await t.admin.post('/api/generalInfo').send(SPEC_BODY).expect(200)).body;
      const read = await request(t.app.getHttpServer()).get('/api/generalInfo').expect(200);
      expect(read.headers['etag']).toBe('"v1"');
      expect(read.body[0].version).toBe(1);
      await t.admin.put(`/api/generalInfo/${id}`).set('If-Match', '"v1"').send({ phone: '111' }).expect(200);
      const current = (await request(t.app.getHttpServer()).get('/api/generalInfo').expect(200)).body[0];
      expect(current).toMatchObject({ phone: '111', version: 2 });
      const before = await records().findOneByOrFail({ id });
      for (const ifMatch of ['"v1"', 'W/"v2"']) {
        const res = await t.admin
          .put(`/api/generalInfo/${id}`)
          .set('If-Match', ifMatch)
          .send({ phone: '222' })
          .expect(412);
        expect(res.body).toMatchObject({ statusCode: 412, current, changed: { via: 'rest', user_name: 'Admin' } });
      }
      const conflict = await siteInfo.mutation(t.admin, 'update', { id, version: 1, phone: '222' }).expect(409);
      expect(conflict.body.error.data).toMatchObject({ code: 'CONFLICT', conflict: { current } });
      expect(await records().findOneByOrFail({ id })).toEqual(before);
      await siteInfo.mutation(t.admin, 'update', { id, version: 2, phone: '333' }).expect(200);
      expect(await records().findOneByOrFail({ id })).toMatchObject({ phone: '333', version: 3, updated_via: 'trpc' });
      // Without If-Match (the spec's client): over any version; an unknown record stays a 404.
      await t.admin.put(`/api/generalInfo/${id}`).send({ phone: '444' }).expect(200);
      expect(await records().findOneByOrFail({ id })).toMatchObject({ version: 4 });
      await t.admin.put('/api/generalInfo/999999').set('If-Match', '"v1"').send({ phone: '1' }).expect(404);
    });
  });
});

describe('general info: the languages the site runs', () => {
  const t = useTestApp([SiteInfoModule], {
    trpc: (nest) => ({ siteInfo: nest.get(SiteInfoRouter).router }),
    signIn: true,
  });

  it('keeps the default among the languages (400 naming languages), in their order', async () => {
    const { id } = (
      await t.admin
        .post('/api/generalInfo')
        .send({ languages: ['vi', 'en'] })
        .expect(200)
    ).body;
    expect((await t.anonymous.get('/api/gst-generalInfo').expect(200)).body[0]).toMatchObject({
      default_language: 'en',
      languages: ['en', 'vi'],
    });
    for (const body of [{ languages: ['vi'] }, { default_language: 'vi', languages: ['en'] }, { languages: [] }]) {
      expect(fieldsOf((await t.admin.put(`/api/generalInfo/${id}`).send(body).expect(400)).body.errors)).toEqual([
        'languages',
      ]);
    }
    await siteInfo.mutation(t.admin, 'update', { id, default_language: 'vi', languages: ['vi'] }).expect(200);
    expect((await t.anonymous.get('/api/gst-generalInfo').expect(200)).body[0]).toMatchObject({
      default_language: 'vi',
      languages: ['vi'],
    });
  });

  it('checks a save of the languages against the one it raced (400 naming languages, never a 500)', async () => {
    await t.database.dataSource.query('DELETE FROM general_info');
    const { id } = (await t.admin.post('/api/generalInfo').send({}).expect(200)).body;
    // The first save: English alone, written but not yet committed while the second comes.
    const first = t.database.dataSource.createQueryRunner();
    await first.connect();
    try {
      await first.startTransaction();
      await first.query(`UPDATE general_info SET languages = '{en}' WHERE id = $1`, [id]);
      const second = t.admin
        .put(`/api/generalInfo/${id}`)
        .send({ default_language: 'vi' })
        .then((res) => res);
      // The second save waits for the first's row.
      await waitUntil(async () => {
        const [{ count }] = await t.database.dataSource.query(
          `SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%general_info%'`,
        );
        return count > 0;
      });
      await first.commitTransaction();
      const refused = await second;
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused.body.errors)).toEqual(['languages']);
    } finally {
      await first.release();
    }
    expect(await t.database.dataSource.query(`SELECT default_language, languages FROM general_info`)).toEqual([
      { default_language: 'en', languages: ['en'] },
    ]);
  });
});

/** Resolves once `ready` answers true, asking again every few milliseconds (for at most 20 seconds). */
async function waitUntil(ready: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await ready())) {
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
