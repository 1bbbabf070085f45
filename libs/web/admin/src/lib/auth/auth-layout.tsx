import type { ReactNode } from 'react';
import { useSiteIdentity } from '@blog/web/data';
import '../admin.css';

/** The standalone pages' layout: a centred card, kept out of search engines, titled with the site's name. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { site_name: siteName } = useSiteIdentity();
  return (
    <main className="auth-page">
      <title>{`${title} | ${siteName}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
