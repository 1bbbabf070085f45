import type { ContactFormState } from './contact-form';
import type { SubscribeFormState } from './subscription-form';

/**
 * The meeting point of the API and the web's server entry (`apps/web/src/entry-server.tsx`, built by
 * Vite and loaded by the API at run time, so that no API code imports web code and back).
 */
export interface PageRendererOptions {
  /** The built `index.html`: its head carries the stylesheets and the entry script. */
  template: string;
  /** The public origin (`SITE_URL`): canonical URLs, structured data. */
  siteUrl: string;
  /** The app's tRPC router, called in-process (no HTTP round trip). Loosely typed here: contracts know no API. */
  router: unknown;
  /**
   * Written wherever a script the page loads needs the answer's nonce (the template carries it
   * already): the server puts a fresh nonce in its place in each answer.
   */
  noncePlaceholder: string;
}

/** A rendered public page. */
export interface RenderedPage {
  /** 200; 404 for NotFound; 301 with `location` for an old slug; 503 when the data could not be read. */
  status: number;
  location?: string;
  html: string;
  /** The tRPC procedures the page was rendered from (`posts.bySlug`): what a change must invalidate. */
  procedures: string[];
  /** How many times React rendered it (1 when its route declared everything it reads). */
  renderPasses: number;
  /** The post a post page shows, as it was read: the rendered-page store keeps the page until the post changes. */
  post?: { id: number; updatedAt: string };
  /** Every post the page shows (itself, its lists, related and recent posts): a removed one must not be served. */
  postIds: number[];
  /** The project a project page shows (`projects.bySlug`): its shown comments' changes make the page stale. */
  projectId?: number;
  /**
   * Every project the page shows (a project page: itself and the translations it points at; the cards):
   * a removed one must not be served. None when absent.
   */
  projectIds?: number[];
  /**
   * On a post page, where the layout's shared parts are in `html` (`[start, end)`, in order): the server
   * keeps the page without them and puts in the current ones when it sends it.
   */
  layoutParts?: Array<[number, number]>;
}

/** What a page is rendered with beside its address: a form sent without JavaScript and refused. */
export interface RenderPageOptions {
  contactForm?: ContactFormState;
  subscribeForm?: SubscribeFormState;
}

export type RenderPage = (url: string, options?: RenderPageOptions) => Promise<RenderedPage>;
export type CreatePageRenderer = (options: PageRendererOptions) => RenderPage;

/** The server entry's file, in the web's server build folder. */
export const PAGE_RENDERER_FILE = 'entry-server.mjs';

/**
 * The nonce the web build (Vite's `html.cspNonce`) writes on the scripts, styles and preloads of
 * `index.html`, and on its `<meta property="csp-nonce">` (read by the lazy chunks' preloads and by
 * the tags). The server replaces it in every answer. It is public (markup slipped into a post
 * could carry it), so the server renders its pages with a secret placeholder drawn at start instead.
 */
export const WEB_BUILD_NONCE_PLACEHOLDER = 'csp-nonce-placeholder';
