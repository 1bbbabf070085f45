import { trpcHttp, useTestApp } from '@blog/api/testing';
import { AboutModule } from './about.module';
import { AboutRouter } from './about.router';

const about = trpcHttp<AboutRouter['router']>('about');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('about: one page per language (REST and tRPC)', () => {
  const t = useTestApp([AboutModule], { trpc: (nest) => ({ about: nest.get(AboutRouter).router }), signIn: true });

  it('keeps one About per language, each the translation of the other', async () => {
    const en = await t.admin.post('/api/about').send({ content: '<p>Hi</p>' }).expect(200);
    const vi = await about.mutation(t.admin, 'create', { content: '<p>Xin chào</p>', language: 'vi' }).expect(200);
    const again = await t.admin.post('/api/about').send({ content: '<p>Lại</p>', language: 'vi' }).expect(409);
    expect(fieldsOf(again.body.errors)).toEqual(['language']);

    const english = (await t.anonymous.get('/api/gst-about').expect(200)).body;
    expect(english).toEqual([
      {
        id: en.body.id,
        content: '<p>Hi</p>',
        version: 1,
        language: 'en',
        translations: [
          { id: vi.body.result.data.id, language: 'vi', slug: 'about', title: 'Tiếng Việt', path: '/vi/about' },
        ],
      },
    ]);
    const vietnamese = (await t.anonymous.get('/api/gst-about?lang=vi').expect(200)).body;
    expect(vietnamese[0]).toMatchObject({ content: '<p>Xin chào</p>', language: 'vi' });
    expect(vietnamese[0].translations).toEqual([expect.objectContaining({ language: 'en', path: '/about' })]);
    expect((await about.query(t.anonymous, 'publicList', { lang: 'vi' }).expect(200)).body.result.data).toEqual(
      vietnamese,
    );
    // The editor's list: the default language's first, as the spec's client reads the first item.
    expect(
      (await t.admin.get('/api/about').expect(200)).body.map((page: { language: string }) => page.language),
    ).toEqual(['en', 'vi']);
  });
});
