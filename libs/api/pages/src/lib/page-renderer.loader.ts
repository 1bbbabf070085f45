import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PAGE_RENDERER_FILE,
  WEB_BUILD_NONCE_PLACEHOLDER,
  type CreatePageRenderer,
  type RenderPage,
} from '@blog/contracts';

/** A native `import()`: the server entry is an ES module that the API's bundler must not touch. */
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

export interface LoadPageRendererOptions {
  /** The web build (`dist/apps/web`): its `index.html` is the page template. */
  webDir: string;
  /** The server entry's build (`dist/apps/web-server`). */
  serverDir: string;
  siteUrl: string;
  /** The app's tRPC router, which the pages read in-process. */
  router: unknown;
  /** Where the rendered pages get each answer's nonce (`createNoncePlaceholder`). */
  noncePlaceholder: string;
}

/**
 * The mark the rendered pages carry where each answer's nonce goes, drawn at start and never sent:
 * text that reaches a page from its content cannot carry it, so no answer ever gives a nonce to
 * markup slipped into a post (the build's placeholder is public).
 */
export function createNoncePlaceholder(): string {
  return `nonce${randomBytes(16).toString('hex')}`;
}

/** Stylesheets up to this size are put in the page itself. */
const INLINE_STYLESHEET_MAX_BYTES = 32 * 1024;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const NONCE_ATTRIBUTE = / nonce="[^"]*"/;

/**
 * The site's one small stylesheet (16 kB, 4 kB compressed) goes into the server-rendered pages: the
 * first paint no longer waits for another request. Pages are cached and compressed whole, so it
 * costs one copy per cached page.
 */
export function inlineStylesheets(template: string, webDir: string): string {
  return template.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = join(webDir, href);
    if (!existsSync(file) || statSync(file).size > INLINE_STYLESHEET_MAX_BYTES) return link;
    // The link's nonce goes on the style element: the policy allows no other inline style element.
    const nonce = link.match(NONCE_ATTRIBUTE)?.[0] ?? '';
    return `<style${nonce}>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * The id of the web build the pages are rendered by (its page template and server entry): pages
 * kept by another build (the rendered-page store) name other scripts and are not served.
 */
export function pageRendererBuild(webDir: string, serverDir: string): string {
  const hash = createHash('sha1');
  for (const file of [join(webDir, 'index.html'), join(serverDir, PAGE_RENDERER_FILE)]) {
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('base64url');
}

/** The web's page renderer, or null when the web has not been built with its server entry. */
export async function loadPageRenderer({
  webDir,
  serverDir,
  siteUrl,
  router,
  noncePlaceholder,
}: LoadPageRendererOptions): Promise<RenderPage | null> {
  const entry = join(serverDir, PAGE_RENDERER_FILE);
  const templateFile = join(webDir, 'index.html');
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  const { createPageRenderer } = (await importModule(pathToFileURL(entry).href)) as {
    createPageRenderer: CreatePageRenderer;
  };
  const template = inlineStylesheets(readFileSync(templateFile, 'utf8'), webDir).replaceAll(
    WEB_BUILD_NONCE_PLACEHOLDER,
    noncePlaceholder,
  );
  return createPageRenderer({ template, siteUrl, router, noncePlaceholder });
}
