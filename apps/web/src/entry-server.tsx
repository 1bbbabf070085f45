import type { Query, QueryClient } from '@tanstack/react-query';
import { unstable_localLink } from '@trpc/client';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import type { CreatePageRenderer, RenderedPage, RenderPageOptions } from '@blog/contracts';
import type { AppRouter } from '@blog/api/trpc';
import {
  createQueryUtils,
  createServerQueryClient,
  dehydrateQueries,
  PAGE_STATE_ELEMENT_ID,
  serializeForScript,
  trpc,
  type PageState,
  type QueryUtils,
} from '@blog/web/data';
import { prefetchLayout, type ResponseStatus } from '@blog/web/public';
import { PUBLIC_ROUTES } from './app/routes';
import { SiteRoot } from './app/site-root';

/**
 * What a page declares it reads is fetched first, then the page is rendered. Should it ask for
 * more (a query its route forgot, an old slug's redirect), that is fetched and the page rendered
 * again; the cap stops a page that would keep asking.
 */
const MAX_PASSES = 4;

/** Fetches, all at once, what the layout and the page at `url` declare they read. */
async function prefetch(url: string, utils: QueryUtils): Promise<void> {
  const { pathname, search } = new URL(`http://site${url}`);
  const route = matchRoutes(PUBLIC_ROUTES, pathname)?.[0];
  const reads = [
    ...prefetchLayout(utils),
    ...(route?.route.prefetch?.(utils, { params: route.params, search: new URLSearchParams(search) }) ?? []),
  ];
  await Promise.all(reads);
}

/** The markers of `index.html` the server fills: the head's tags, the page, and its state after it. */
const HEAD_REGION = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
const BODY_REGION = /<!--app-html-->[\s\S]*?<!--\/app-html-->/;
const STATE_MARKER = '<!--app-state-->';

/**
 * React 19 writes the elements it hoists (title, meta, link, preloads) ahead of the markup when it
 * renders without a <head>: they are moved into the page's head. Attribute values are escaped by
 * React, so a `>` never appears inside a tag.
 */
const HOISTED = /^(?:<(?:link|meta)\b[^>]*\/?>|<title\b[^>]*>[^<]*<\/title>|<script\b[^>]*><\/script>)*/;

/** The queries a render asked for and that can be fetched (a search without a term is disabled). */
function queriesToFetch(client: QueryClient) {
  return client
    .getQueryCache()
    .findAll({ type: 'all' })
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle')
    .filter((query) => (query.options as { enabled?: unknown }).enabled !== false);
}

/** `[['posts', 'bySlug'], {…}]` → `posts.bySlug`; null for a query that is not a tRPC procedure's. */
function procedureOf(query: Query): string | null {
  const path = query.queryKey[0];
  return Array.isArray(path) ? path.join('.') : null;
}

function proceduresOf(client: QueryClient): string[] {
  const paths = client
    .getQueryCache()
    .getAll()
    .map(procedureOf)
    .filter((path): path is string => path !== null);
  return [...new Set(paths)].sort();
}

/** The post a post page read (`posts.bySlug`), when it read one. */
function postOf(client: QueryClient): RenderedPage['post'] {
  const query = client
    .getQueryCache()
    .getAll()
    .find((query) => procedureOf(query) === 'posts.bySlug' && query.state.status === 'success');
  const post = query?.state.data as { id?: unknown; updated_at?: unknown } | undefined;
  return typeof post?.id === 'number' && typeof post.updated_at === 'string'
    ? { id: post.id, updatedAt: post.updated_at }
    : undefined;
}

/** A read failed for another reason than a refusal (the database is down): the page is not what it should be. */
function hasServerFailure(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some((query) => {
      if (query.state.status !== 'error') return false;
      const status = (query.state.error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
      return typeof status !== 'number' || status >= 500;
    });
}

export const createPageRenderer: CreatePageRenderer = ({ template, siteUrl, router, noncePlaceholder }) => {
  if (!HEAD_REGION.test(template) || !BODY_REGION.test(template) || !template.includes(STATE_MARKER)) {
    throw new Error('index.html lacks the app-head, app-html and app-state markers the server fills');
  }
  const [beforeHead, afterHead] = template.split(HEAD_REGION);
  const [beforeBody, afterBody] = afterHead.split(BODY_REGION);
  const [betweenBodyAndState, afterState] = afterBody.split(STATE_MARKER);

  return async (url: string, { contactForm }: RenderPageOptions = {}): Promise<RenderedPage> => {
    const queryClient = createServerQueryClient();
    const links = [unstable_localLink({ router: router as AppRouter, createContext: async () => ({}) })];
    await prefetch(url, createQueryUtils(trpc.createClient({ links }), queryClient));

    for (let pass = 1; ; pass += 1) {
      const status: ResponseStatus = { code: 200 };
      const state: PageState = { siteUrl, queries: dehydrateQueries(queryClient), contactForm };
      const markup = renderToString(
        <StaticRouter location={url}>
          <SiteRoot
            siteUrl={siteUrl}
            links={links}
            queryClient={queryClient}
            responseStatus={status}
            nonce={noncePlaceholder}
            contactForm={contactForm}
          />
        </StaticRouter>,
      );
      const missing = queriesToFetch(queryClient);
      if (missing.length > 0 && pass < MAX_PASSES) {
        await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
        continue;
      }

      const head = markup.match(HOISTED)?.[0] ?? '';
      const body = markup.slice(head.length);
      const stateScript = `<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">${serializeForScript(state)}</script>`;
      const failed = status.code === 200 && hasServerFailure(queryClient);
      return {
        status: failed ? 503 : status.code,
        location: status.location,
        html: beforeHead + head + beforeBody + body + betweenBodyAndState + stateScript + afterState,
        procedures: proceduresOf(queryClient),
        renderPasses: pass,
        post: postOf(queryClient),
      };
    }
  };
};
