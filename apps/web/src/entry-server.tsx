import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { unstable_localLink } from '@trpc/client';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import {
  DEFAULT_LANGUAGE,
  type CreatePageRenderer,
  type GeneralInfo,
  type Language,
  type RenderedPage,
  type RenderPageOptions,
} from '@blog/contracts';
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
import { LAYOUT_PART_ELEMENTS, LAYOUT_PART_PROCEDURES, prefetchLayout, type ResponseStatus } from '@blog/web/public';
import { LANGUAGE_ROUTES, PUBLIC_ROUTES } from './app/routes';
import { SiteRoot } from './app/site-root';

/**
 * What a page declares it reads is fetched first, then the page is rendered. Should it ask for
 * more (a query its route forgot, an old slug's redirect), that is fetched and the page rendered
 * again; the cap stops a page that would keep asking.
 */
const MAX_PASSES = 4;

/** Every public page, in every language, as the router ranks them (`/vi` is the home page, not a post). */
const ALL_PUBLIC_ROUTES = [...PUBLIC_ROUTES, ...LANGUAGE_ROUTES];

/** The public route at `url`, if any. */
function routeAt(url: string) {
  const { pathname, search } = new URL(`http://site${url}`);
  const match = matchRoutes(ALL_PUBLIC_ROUTES, pathname)?.[0];
  return { match, search: new URLSearchParams(search) };
}

/** Fetches, all at once, what the layout and the page at `url` declare they read, in the page's language. */
async function prefetch(url: string, utils: QueryUtils): Promise<void> {
  const { match, search } = routeAt(url);
  const lang = match?.route.language;
  const reads = [
    ...prefetchLayout(utils, lang),
    ...(match?.route.prefetch?.(utils, { params: match.params, search, lang }) ?? []),
  ];
  await Promise.all(reads);
}

/** The page's language: its prefix's, else the site's default (General information, which the layout read). */
function languageOf(url: string, client: QueryClient): Language {
  const prefixed = routeAt(url).match?.route.language;
  if (prefixed) return prefixed;
  const query = client
    .getQueryCache()
    .getAll()
    .find((query) => procedureOf(query) === 'siteInfo.list');
  const info = (query?.state.data as GeneralInfo[] | undefined)?.[0];
  return info?.default_language ?? DEFAULT_LANGUAGE;
}

/** The template's `<html lang="en">`, which says the page's language. */
const HTML_LANG = /<html lang="[^"]*">/;

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
function procedureOfKey(key: QueryKey): string | null {
  const path = key[0];
  return Array.isArray(path) ? path.join('.') : null;
}

function procedureOf(query: Query): string | null {
  return procedureOfKey(query.queryKey);
}

/** The procedures the page read: a query left disabled (the contact page's topic, without one) read nothing. */
function proceduresOf(client: QueryClient): string[] {
  const paths = client
    .getQueryCache()
    .getAll()
    .filter(({ state }) => state.dataUpdatedAt > 0 || state.errorUpdatedAt > 0)
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

/** The project a project page read (`projects.bySlug`), when it read one: its thread's changes make the page stale. */
function projectIdOf(client: QueryClient): number | undefined {
  const query = client
    .getQueryCache()
    .getAll()
    .find((query) => procedureOf(query) === 'projects.bySlug' && query.state.status === 'success');
  const id = (query?.state.data as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * Every record of `namespace` (`posts`, `projects`) the page shows but through the layout's parts
 * (`shown`): the objects with an id, a slug and a title in what its `{namespace}.*` reads answered (a
 * post's or project's translations among them).
 */
function shownIdsOf(client: QueryClient, namespace: string, shown: (query: Query) => boolean): number[] {
  const ids = new Set<number>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const { id, slug, title } = value as Record<string, unknown>;
    if (typeof id === 'number' && typeof slug === 'string' && typeof title === 'string') ids.add(id);
    Object.values(value).forEach(visit);
  };
  for (const query of client.getQueryCache().getAll()) {
    if (procedureOf(query)?.startsWith(`${namespace}.`) && shown(query)) visit(query.state.data);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Where each of the layout's elements (`LAYOUT_PART_ELEMENTS`) is in what React rendered (`rendered`:
 * pieces of the page and where they start in it; the template is not searched), in order: from its
 * opening tag to the end of its end tag (a void element: its tag). Undefined unless each is there once.
 */
function layoutElementsIn(rendered: Array<{ text: string; at: number }>): Array<[number, number]> | undefined {
  const found: Array<[number, number]> = [];
  for (const opening of LAYOUT_PART_ELEMENTS) {
    const tag = opening.slice(1, opening.indexOf(' '));
    const places = rendered.flatMap(({ text, at }) => {
      const start = text.indexOf(opening);
      if (start < 0) return [];
      const end = tag === 'link' ? text.indexOf('>', start) + 1 : endOfElement(text, tag, start);
      const again = text.indexOf(opening, start + 1) >= 0;
      return again || end <= start ? [[-1, -1] as [number, number]] : [[at + start, at + end] as [number, number]];
    });
    if (places.length !== 1 || places[0][0] < 0) return undefined;
    found.push(places[0]);
  }
  found.sort((a, b) => a[0] - b[0]);
  return found.every(([start], index) => index === 0 || start >= found[index - 1][1]) ? found : undefined;
}

/** The offset after the end tag of the `tag` element opened at `start` (React's markup: every `<` starts a tag). */
function endOfElement(html: string, tag: string, start: number): number {
  const tags = new RegExp(`<(/?)${tag}[\\s>]`, 'g');
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.indexOf('>', match.index) + 1;
  }
  return -1;
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

  return async (url: string, { contactForm, subscribeForm }: RenderPageOptions = {}): Promise<RenderedPage> => {
    const queryClient = createServerQueryClient();
    const links = [unstable_localLink({ router: router as AppRouter, createContext: async () => ({}) })];
    await prefetch(url, createQueryUtils(trpc.createClient({ links }), queryClient));

    for (let pass = 1; ; pass += 1) {
      const status: ResponseStatus = { code: 200 };
      const state: PageState = { siteUrl, queries: dehydrateQueries(queryClient), contactForm, subscribeForm };
      const markup = renderToString(
        <StaticRouter location={url}>
          <SiteRoot
            siteUrl={siteUrl}
            links={links}
            queryClient={queryClient}
            responseStatus={status}
            nonce={noncePlaceholder}
            contactForm={contactForm}
            subscribeForm={subscribeForm}
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
      const failed = status.code === 200 && hasServerFailure(queryClient);
      const post = status.code === 200 && !failed ? postOf(queryClient) : undefined;
      const htmlStart = beforeHead.replace(HTML_LANG, `<html lang="${languageOf(url, queryClient)}">`);
      const beforeState = htmlStart + head + beforeBody + body + betweenBodyAndState;
      // A post page's layout parts, and their queries last in its state, where the server puts in the current ones.
      const headAt = htmlStart.length;
      const bodyAt = headAt + head.length + beforeBody.length;
      const rendered = [
        { text: head, at: headAt },
        { text: body, at: bodyAt },
      ];
      const elements = post ? layoutElementsIn(rendered) : undefined;
      const isLayoutQuery = (query: { queryKey: QueryKey }) =>
        elements !== undefined && LAYOUT_PART_PROCEDURES.includes(procedureOfKey(query.queryKey) ?? '');
      const ownState = serializeForScript({
        ...state,
        queries: { ...state.queries, queries: state.queries.queries.filter((query) => !isLayoutQuery(query)) },
      });
      const layoutState = state.queries.queries
        .filter(isLayoutQuery)
        .map((query) => serializeForScript(query))
        .join(',');
      const stateOpening = `<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">`;
      const [ownStateEnd, stateEnd] = elements ? [`${ownState.slice(0, -1)},"layoutQueries":[`, ']}'] : [ownState, ''];
      const stateStart = beforeState.length + stateOpening.length + ownStateEnd.length;
      return {
        status: failed ? 503 : status.code,
        location: status.location,
        html: `${beforeState}${stateOpening}${ownStateEnd}${layoutState}${stateEnd}</script>${afterState}`,
        procedures: proceduresOf(queryClient),
        renderPasses: pass,
        post,
        postIds: shownIdsOf(queryClient, 'posts', (query) => !isLayoutQuery(query)),
        projectId: projectIdOf(queryClient),
        projectIds: shownIdsOf(queryClient, 'projects', () => true),
        layoutParts: elements && [...elements, [stateStart, stateStart + layoutState.length]],
      };
    }
  };
};
