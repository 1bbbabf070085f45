import { lazy, Suspense } from 'react';
import { Spinner } from '@blog/web/ui';

/**
 * The form and its validation (react-hook-form, zod) load only on the pages that show it, so the
 * posts, the most visited pages, never download them.
 */
const ContactFormChunk = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

export function LazyContactForm() {
  return (
    <Suspense
      fallback={
        <div className="contact-form-placeholder">
          <Spinner variant="inline" label="Loading the contact form…" />
        </div>
      }
    >
      <ContactFormChunk />
    </Suspense>
  );
}
