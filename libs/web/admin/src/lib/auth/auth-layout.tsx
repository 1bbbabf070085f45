import type { ReactNode } from 'react';
import '../admin.css';

/** The standalone pages' layout: a centred card, kept out of search engines. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <title>{title}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
