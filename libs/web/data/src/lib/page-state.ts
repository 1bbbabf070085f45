import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ContactFormState, SubscribeFormState } from '@blog/contracts';

/**
 * What a server-rendered page hands the browser beside its HTML: the site's public origin and the
 * answers the page was rendered from, so that the browser hydrates the same page without asking again.
 */
export interface PageState {
  siteUrl: string;
  queries: DehydratedState;
  /** A contact form sent without JavaScript and refused: the page shows it as it was sent, with its errors. */
  contactForm?: ContactFormState;
  /** A subscription form sent without JavaScript and refused: `/subscribe` shows it as sent, with its errors. */
  subscribeForm?: SubscribeFormState;
  /**
   * The answers the layout's shared parts were rendered from, apart from the page's own so that the
   * server can put in the current ones with the parts (`LAYOUT_PART_PROCEDURES`): last, when present.
   */
  layoutQueries?: DehydratedState['queries'];
}

/** The `<script type="application/json">` that carries the `PageState`. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * A failed answer as the pages read it (`error.data.code`: a 404 renders NotFound), safe to put in
 * a page: a server failure keeps no word of what failed (a database message, a stack).
 */
function plainError(error: unknown) {
  const { message, data } = (error ?? {}) as { message?: unknown; data?: { code?: unknown; httpStatus?: unknown } };
  const refusal = typeof data?.httpStatus === 'number' && data.httpStatus < 500 && typeof message === 'string';
  return {
    name: 'TRPCClientError',
    message: refusal ? message : 'The server could not answer',
    data: { code: data?.code, httpStatus: data?.httpStatus },
  };
}

/**
 * The answers and the refusals (an unknown post renders NotFound, which the browser must render
 * too), never the queries that were not asked (a search without a term).
 */
export function dehydrateQueries(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? { ...query, state: { ...query.state, error: plainError(query.state.error), fetchFailureReason: null } }
        : query,
    ),
  };
}

/**
 * The page's answers are as fresh as the page itself (a cached page is dropped when its content
 * changes), so they count from now: the browser does not fetch them again on hydration.
 */
export function freshQueries(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.status === 'success' ? now : query.state.dataUpdatedAt,
        errorUpdatedAt: query.state.status === 'error' ? now : query.state.errorUpdatedAt,
      },
    })),
  };
}

/** JSON for an inline script: nothing in it can close the <script> element or break the page. */
export function serializeForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state a server-rendered page carries; null on a page rendered in the browser only. */
export function readPageState(doc: Document = document): PageState | null {
  const text = doc.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  return text ? parsePageState(text) : null;
}

/** The state in the page's script, the layout's queries back among the others; null when it is not one. */
export function parsePageState(text: string): PageState | null {
  try {
    const { layoutQueries = [], ...state } = JSON.parse(text) as PageState;
    return { ...state, queries: { ...state.queries, queries: [...state.queries.queries, ...layoutQueries] } };
  } catch {
    return null;
  }
}
