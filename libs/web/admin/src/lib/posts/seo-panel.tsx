import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { uploadUrl } from '@blog/contracts';
import { useSiteIdentity } from '@blog/web/data';
import { useDebounced } from '../forms/use-debounced';
import { LABELS } from '../labels';
import type { PostFormApi } from './post-form';
import { linkCardPreview, searchPreview, seoChecks, type SeoFields } from './seo-check';

/** How long typing pauses before the panel checks again (parsing the content on every key would slow the editor). */
export const SEO_CHECK_DELAY_MS = 300;

const WATCHED = ['title', 'slug', 'content', 'meta_title', 'meta_description', 'meta_keywords', 'thumbnail'] as const;

/**
 * "SEO check" under the post form's meta fields: a focus keyword (the panel's own state, never
 * saved), the checks of `seoChecks` as a list of labelled states, and previews of the search result
 * and of the link card. Everything is computed in the browser; nothing is sent.
 */
export function SeoPanel({ control }: { control: PostFormApi['control'] }) {
  const headingId = useId();
  const keywordId = useId();
  const [title, slug, content, metaTitle, metaDescription, metaKeywords, thumbnail] = useWatch({
    control,
    name: WATCHED,
  });
  const [keyword, setKeyword] = useState('');
  const fields: SeoFields = useDebounced(
    useMemo(
      () => ({
        title,
        slug,
        content: content ?? '',
        meta_title: metaTitle ?? '',
        meta_description: metaDescription ?? '',
        meta_keywords: metaKeywords ?? '',
      }),
      [title, slug, content, metaTitle, metaDescription, metaKeywords],
    ),
    SEO_CHECK_DELAY_MS,
  );
  const debouncedKeyword = useDebounced(keyword, SEO_CHECK_DELAY_MS);
  // The admin is served from the site's own origin (`SITE_URL` in production).
  const origin = window.location.origin;
  const checks = useMemo(() => seoChecks(fields, debouncedKeyword, origin), [fields, debouncedKeyword, origin]);
  const { site_name: siteName } = useSiteIdentity();
  const search = searchPreview(fields, origin, siteName);
  const card = linkCardPreview(fields, origin, siteName);
  const image = uploadUrl(thumbnail);
  const labels = LABELS.post.seo;

  // Enter in the keyword must not submit the post form around it.
  const keepFormFromSubmitting = (event: KeyboardEvent) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <section className="admin-seo" aria-labelledby={headingId}>
      <h2 id={headingId}>{labels.heading}</h2>
      <div className="admin-field">
        <label htmlFor={keywordId}>{labels.focusKeyword}</label>
        <input
          id={keywordId}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={keepFormFromSubmitting}
          aria-describedby={`${keywordId}-hint`}
        />
        <p id={`${keywordId}-hint`} className="admin-field-hint">
          {labels.focusKeywordHint}
        </p>
      </div>
      <h3>{labels.checks}</h3>
      <ul className="admin-seo-checks">
        {checks.map((check) => (
          <li key={check.id} className={`admin-seo-check admin-seo-check--${check.state}`} data-check={check.id}>
            <strong className="admin-seo-state">{labels.states[check.state]}:</strong> {check.text}
          </li>
        ))}
      </ul>
      <h3>{labels.searchPreview}</h3>
      <figure className="admin-seo-search" aria-label={labels.searchPreview}>
        <p className="admin-seo-search-url">{search.url}</p>
        <p className="admin-seo-search-title">{search.title}</p>
        <p className="admin-seo-search-description">{search.description}</p>
      </figure>
      <h3>{labels.linkPreview}</h3>
      <figure className="admin-seo-card" aria-label={labels.linkPreview}>
        {image ? (
          <img src={image} alt="" className="admin-seo-card-image" />
        ) : (
          <p className="admin-seo-card-image admin-seo-card-image--none">{labels.noThumbnail}</p>
        )}
        <div className="admin-seo-card-text">
          <p className="admin-seo-card-host">{card.host}</p>
          <p className="admin-seo-card-title">{card.title}</p>
          <p className="admin-seo-card-description">{card.description}</p>
        </div>
      </figure>
    </section>
  );
}
