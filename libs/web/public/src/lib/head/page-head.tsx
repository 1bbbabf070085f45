import { SITE_DESCRIPTION } from '../site';

export interface PageHeadProps {
  title: string;
  description?: string;
  keywords?: string;
  /** Keeps search engines away (the not-found screen). */
  noIndex?: boolean;
}

/**
 * The document's title and meta tags. React 19 moves them into <head> (and a server renderer emits
 * them in the stream), and takes them away when the page goes.
 */
export function PageHead({ title, description = SITE_DESCRIPTION, keywords, noIndex = false }: PageHeadProps) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords && <meta name="keywords" content={keywords} />}
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
