import type { Request, Response } from 'express';
import { pageCount } from '@blog/contracts';

/** The address of another page of a list whose page is a query parameter (`?page=2`), the other parameters kept. */
function queryPageUrl(req: Pick<Request, 'originalUrl'>, page: number): string {
  const url = new URL(req.originalUrl, 'http://x');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

/**
 * RFC 8288 `Link` header of a paged REST list: `first`, `last`, and `prev` / `next` where those pages
 * exist, each a path on this site (`</api/gst-postsPagination/3>; rel="next"`), so that a client walks
 * the list without knowing how its pages are addressed.
 */
export function setPageLinks(
  res: Pick<Response, 'setHeader'>,
  { page, total, pageSize, url }: { page: number; total: number; pageSize: number; url: (page: number) => string },
): void {
  const last = pageCount(total, pageSize);
  const links: Array<[number, string]> = [
    [1, 'first'],
    ...(page > 1 ? [[Math.min(page - 1, last), 'prev'] as [number, string]] : []),
    ...(page < last ? [[page + 1, 'next'] as [number, string]] : []),
    [last, 'last'],
  ];
  res.setHeader('Link', links.map(([target, rel]) => `<${url(target)}>; rel="${rel}"`).join(', '));
}

/**
 * A paged list's REST answer: its rows as a plain array, `X-Total-Count` counting every match, and the
 * `Link` header (pages addressed by `?page=`) when the request asked for a page.
 */
export function pagedRows<Row>(
  req: Pick<Request, 'originalUrl'>,
  res: Pick<Response, 'setHeader'>,
  { rows, total }: { rows: Row[]; total: number },
  { page, pageSize }: { page: number | undefined; pageSize: number },
): Row[] {
  res.setHeader('X-Total-Count', String(total));
  if (page !== undefined) setPageLinks(res, { page, total, pageSize, url: (target) => queryPageUrl(req, target) });
  return rows;
}
