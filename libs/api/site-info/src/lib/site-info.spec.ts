import request from 'supertest';
import { z } from 'zod';
import { generalInfoSchema, SITE_IDENTITY_DEFAULTS, siteTagsSchema } from '@blog/contracts';
import { createCallerFactory } from '@blog/api/http';
import { GeneralInfoEntity } from '@blog/api/data';
import { testConfig, useTestApp } from '@blog/api/testing';
import { SiteInfoModule } from './site-info.module';
import { SiteInfoRouter } from './site-info.router';

const PATHS = ['/api/gst-generalInfo', '/api/generalInfo'];
const GENERAL_INFO_KEYS = Object.keys(generalInfoSchema.shape).sort();

describe('general info (REST and tRPC)', () => {
  const t = useTestApp([SiteInfoModule]);
  const trpc = t.caller(SiteInfoRouter);

  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  it('answers an empty list while no record exists, on every door', async () => {
    for (const path of PATHS) {
      expect((await get(path).expect(200)).body).toEqual([]);
    }
    expect(await trpc.list()).toEqual([]);
  });

  describe('with a record', () => {
    let record: GeneralInfoEntity;

    beforeAll(async () => {
      record = await t.database.dataSource.getRepository(GeneralInfoEntity).save({
        logo_1: 'logo-main.png',
        logo_2: 'logo small.png',
        favicon: 'favicon.ico',
        email: 'owner@example.com',
        phone: '+84 90 123 4567',
        address: 'Hà Nội',
      });
    });

    it('answers the file names, the URLs they are served at and the contact details', async () => {
      for (const path of PATHS) {
        const res = await get(path).expect(200);
        const [info] = z.array(generalInfoSchema.strict()).length(1).parse(res.body);
        expect(Object.keys(res.body[0]).sort()).toEqual(GENERAL_INFO_KEYS);
        expect(info).toEqual({
          id: record.id,
          logo_1: 'logo-main.png',
          logo_2: 'logo small.png',
          favicon: 'favicon.ico',
          logo_1_url: '/uploads/logo-main.png',
          logo_2_url: '/uploads/logo%20small.png',
          favicon_url: '/uploads/favicon.ico',
          email: 'owner@example.com',
          phone: '+84 90 123 4567',
          address: 'Hà Nội',
          // No social profile set: each is null (the public pages show no link for it).
          facebook_url: null,
          instagram_url: null,
          linkedin_url: null,
          youtube_url: null,
          zalo_url: null,
          tiktok_url: null,
          // The site's identity as it was before the owner could set it.
          ...SITE_IDENTITY_DEFAULTS,
          hero_image: null,
          hero_image_url: null,
          hero_image_width: null,
          hero_image_height: null,
          // Available, with no line, until she says otherwise.
          availability: 'available',
          booked_until: null,
          availability_note: '',
          // The subscription mails' sender: the site's name and the server's MAIL_FROM until set.
          sender_name: '',
          sender_address: '',
          // Comments open, never closed on old posts; the moderation's rules are the admin read's only.
          comments_enabled: true,
          comments_close_after_days: 0,
          default_language: 'en',
          languages: ['en', 'vi'],
          version: 1,
        });
        expect(await trpc.list()).toEqual(res.body);
      }
    });

    it('answers null URLs when the file names are null', async () => {
      await t.database.dataSource
        .getRepository(GeneralInfoEntity)
        .update({ id: record.id }, { logo_1: null, logo_2: null, favicon: null });
      for (const path of PATHS) {
        const res = await get(path).expect(200);
        expect(res.body).toEqual([
          expect.objectContaining({
            id: record.id,
            logo_1: null,
            logo_2: null,
            favicon: null,
            logo_1_url: null,
            logo_2_url: null,
            favicon_url: null,
          }),
        ]);
        expect(await trpc.list()).toEqual(res.body);
      }
    });
  });
});

describe('marketing tags (REST and tRPC)', () => {
  const t = useTestApp([SiteInfoModule], { app: false });

  /** A server configured with `env`, and its two doors to the tags. */
  async function serverWith(env: NodeJS.ProcessEnv) {
    const app = await t.appWith({ config: testConfig(env) });
    const trpc = createCallerFactory(app.get(SiteInfoRouter).router)({});
    const res = await request(app.getHttpServer()).get('/api/site-tags').expect(200);
    return { rest: res.body as unknown, trpc: await trpc.tags() };
  }

  it('answers null for both tags when GTM_ID and ADS_CONVERSION_ID are unset, and the analytics on by default', async () => {
    const { rest, trpc } = await serverWith({});
    expect(siteTagsSchema.strict().parse(rest)).toEqual({ gtm_id: null, ads_conversion_id: null, stats: true });
    expect(trpc).toEqual(rest);
  });

  it('answers the analytics off with STATS=false (the public pages then load no beacon)', async () => {
    const { rest, trpc } = await serverWith({ STATS: 'false' });
    expect(rest).toEqual({ gtm_id: null, ads_conversion_id: null, stats: false });
    expect(trpc).toEqual(rest);
  });

  it('answers the configured tag manager container and conversion id, on both doors', async () => {
    const { rest, trpc } = await serverWith({ GTM_ID: 'GTM-AB12CD3', ADS_CONVERSION_ID: 'AW-123456789/AbC-d_E' });
    expect(siteTagsSchema.strict().parse(rest)).toEqual({
      gtm_id: 'GTM-AB12CD3',
      ads_conversion_id: 'AW-123456789/AbC-d_E',
      stats: true,
    });
    expect(trpc).toEqual(rest);
  });

  it('answers each tag on its own: a tag manager without a conversion id, and the reverse', async () => {
    expect((await serverWith({ GTM_ID: 'GTM-XYZ' })).rest).toEqual({
      gtm_id: 'GTM-XYZ',
      ads_conversion_id: null,
      stats: true,
    });
    const adsOnly = await serverWith({ ADS_CONVERSION_ID: 'AW-1/label' });
    expect(adsOnly.rest).toEqual({ gtm_id: null, ads_conversion_id: 'AW-1/label', stats: true });
    expect(adsOnly.trpc).toEqual(adsOnly.rest);
  });
});
