import type { INestApplication } from '@nestjs/common';
import express from 'express';
import { splitLanguagePath, type Language, type RenderedPage } from '@blog/contracts';
import { htmlContentSecurityPolicy } from '@blog/api/http';
import { visiblePostSql, visibleProjectSql } from '@blog/api/data';
import { eventually } from '@blog/api/data/testing';
import { createTestApp, testConfig, testJobsModule, type TestDatabase } from '@blog/api/testing';
import { PageCacheService } from '../lib/page-cache.service';
import { createNoncePlaceholder } from '../lib/page-renderer.loader';
import { PagesModule } from '../lib/pages.module';
import { publicPages } from '../lib/public-pages';

const contentSecurityPolicy = htmlContentSecurityPolicy({ siteUrl: 'http://127.0.0.1' });
/** Every page inlines it, as the real ones inline the site's stylesheet: kept once, named in the stored bytes. */
export const STYLESHEET = `.post{margin:0 auto;max-width:42rem}`.repeat(60);
/** The layout's words in each language, as the real layout says them. */
export const HEADER: Record<Language, string> = { en: 'Recent Posts', vi: 'Bài viết mới' };

/**
 * A stand-in for the web's renderer that reads the real database as the post and project pages do: the post of
 * the address's language (`/vi/…`, else English) by its slug, 404 unless visible, with its category's
 * name and the translations the public may read, whose ids are among the page's posts (as entry-server's
 * `postIdsOf` counts the `posts.bySlug` answer's `translations`). With `layout`, the header and footer,
 * in the page's language, are the layout's parts.
 */
export function postPageRenderer(
  database: TestDatabase,
  noncePlaceholder: string,
  rendered: string[],
  { layout = false } = {},
) {
  return async (url: string): Promise<RenderedPage> => {
    rendered.push(url);
    const { language: prefix, path } = splitLanguagePath(url.split('?')[0]);
    const language = prefix ?? 'en';
    if (path.startsWith(PROJECT_PATH)) return projectPage(database, language, path.slice(PROJECT_PATH.length));
    const [post] = (await database.dataSource.query(
      `SELECT post.id, post.title, post.updated_at, post.translation_group, category.name AS category
         FROM posts post JOIN categories category ON category.id = post.category_id
        WHERE post.slug = $1 AND post.language = $2 AND ${visiblePostSql('post')}`,
      [path.slice(1), language],
    )) as Array<{ id: number; title: string; updated_at: Date; translation_group: string | null; category: string }>;
    const head = `<style nonce="${noncePlaceholder}">${STYLESHEET}</style>`;
    if (!post) {
      return {
        status: 404,
        html: `${head}<h1>Not found</h1>`,
        procedures: ['posts.bySlug'],
        renderPasses: 1,
        postIds: [],
      };
    }
    const translations = (await database.dataSource.query(
      `SELECT post.id, post.title FROM posts post
        WHERE post.translation_group = $1 AND post.id <> $2 AND ${visiblePostSql('post')} ORDER BY post.id`,
      [post.translation_group, post.id],
    )) as Array<{ id: number; title: string }>;
    const header = layout ? `<header>${HEADER[language]}</header>` : '';
    const own =
      `<h1>${post.title}</h1><p>${post.category}</p>` +
      `<nav>${translations.map((one) => `<a>${one.title}</a>`).join('')}</nav>` +
      `<script nonce="${noncePlaceholder}"></script>`;
    const footer = layout ? `<footer lang="${language}"></footer>` : '';
    const headerEnd = head.length + header.length;
    const footerStart = headerEnd + own.length;
    const layoutParts: Array<[number, number]> = [
      [head.length, headerEnd],
      [footerStart, footerStart + footer.length],
    ];
    return {
      status: 200,
      html: head + header + own + footer,
      procedures: ['categories.links', 'posts.bySlug', 'siteInfo.list'],
      renderPasses: 1,
      postIds: translations.map((one) => one.id),
      post: { id: post.id, updatedAt: post.updated_at.toISOString() },
      ...(layout && { layoutParts }),
    };
  };
}

const PROJECT_PATH = '/portfolio/';

/**
 * A project page as the web renders it: the project of the page's language by its slug, 404 unless
 * visible, pointing at its translations the public may read; the page names them all among the
 * projects it shows (as entry-server's `projectIds` counts the `projects.bySlug` answer's
 * `translations`). Kept whole: only post pages are kept apart from the layout's parts.
 */
async function projectPage(database: TestDatabase, language: Language, slug: string): Promise<RenderedPage> {
  const [project] = (await database.dataSource.query(
    `SELECT project.id, project.title, project.translation_group FROM projects project
      WHERE project.slug = $1 AND project.language = $2 AND ${visibleProjectSql('project')}`,
    [slug, language],
  )) as Array<{ id: number; title: string; translation_group: string | null }>;
  if (!project) {
    return { status: 404, html: '<h1>Not found</h1>', procedures: ['projects.bySlug'], renderPasses: 1, postIds: [] };
  }
  const translations = (await database.dataSource.query(
    `SELECT project.id, project.title FROM projects project
      WHERE project.translation_group = $1 AND project.id <> $2 AND ${visibleProjectSql('project')} ORDER BY project.id`,
    [project.translation_group, project.id],
  )) as Array<{ id: number; title: string }>;
  return {
    status: 200,
    html: `<h1>${project.title}</h1><nav>${translations.map((one) => `<a>${one.title}</a>`).join('')}</nav>`,
    procedures: ['projects.bySlug'],
    renderPasses: 1,
    postIds: [],
    projectId: project.id,
    projectIds: [project.id, ...translations.map((one) => one.id)],
  };
}

/**
 * One app instance with its page cache, the rendered-page store of `build` and the pages middleware,
 * rendering with `postPageRenderer`.
 */
export async function startPagesInstance(
  database: TestDatabase,
  { build, env = {}, layout = false }: { build: string; env?: Record<string, string>; layout?: boolean },
) {
  const nest: INestApplication = await createTestApp(database, [testJobsModule(), PagesModule.forRoot(database.url)], {
    config: testConfig({ PAGE_CACHE_SIZE: '100', ...env }),
  });
  const service = nest.get(PageCacheService);
  const store = service.useStore(build);
  const rendered: string[] = [];
  const noncePlaceholder = createNoncePlaceholder();
  const render = postPageRenderer(database, noncePlaceholder, rendered, { layout });
  const web = express();
  web.use(publicPages({ render, cache: service.cache, store, noncePlaceholder, contentSecurityPolicy }));
  await eventually(async () => expect(service.cache.enabled).toBe(true));
  return { web, cache: service.cache, store, rendered, render, noncePlaceholder, close: () => nest.close() };
}

export type PagesInstance = Awaited<ReturnType<typeof startPagesInstance>>;
