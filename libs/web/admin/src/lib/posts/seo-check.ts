import { postHeadOf, UPLOADS_PATH, type PostHeadFields } from '@blog/contracts';
import { foldText } from '@blog/shared/html';

/**
 * The post editor's SEO check: pure functions from the form's values to a list of checks, each
 * good, to improve or a problem, with its text (the panel shows the text, never a colour alone).
 */

export type SeoState = 'good' | 'improve' | 'problem';
export interface SeoCheck {
  id: string;
  state: SeoState;
  text: string;
}

/** Lengths search results show in full (characters; Google cuts by width, about these). */
export const SEO_TITLE_LENGTH = { min: 30, max: 60 } as const;
export const SEO_DESCRIPTION_LENGTH = { min: 70, max: 160 } as const;
/** Below this many words a post is thin for a search engine (Yoast's threshold for posts). */
export const SEO_MIN_WORDS = 300;

/** The form's values the check reads. */
export interface SeoFields extends PostHeadFields {
  slug: string;
  content: string;
}

/** Characters as a reader sees them: composed (NFC) code points, so "ầ" is one whether typed composed or not. */
export function visibleLength(text: string): number {
  return Array.from(text.normalize('NFC')).length;
}

/** Whether `keyword` appears in `text` as whole words, accents, đ, case and punctuation ignored ("ha giang" in "Hà Giang"). */
export function containsKeyword(text: string, keyword: string): boolean {
  const folded = foldText(keyword);
  return folded !== '' && `-${foldText(text)}-`.includes(`-${folded}-`);
}

/** What the check needs of the content's HTML, read with the browser's DOMParser. */
export interface ContentFacts {
  firstParagraph: string;
  h1Count: number;
  /** The `src` of each image of the content without alt text (a video's picture is not one: its title names it). */
  imagesWithoutAlt: string[];
  internalLinks: number;
  /** Runs of characters between white space: words, and Vietnamese syllables, as reading time counts them. */
  words: number;
}

export function contentFacts(html: string, siteOrigin: string): ContentFacts {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // Text nodes joined by spaces: "<p>a</p><p>b</p>" is two words, as in the database's count.
  const texts: string[] = [];
  const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  const text = texts.join(' ').trim();
  const paragraphs = Array.from(
    body.querySelectorAll('p, li, blockquote, h2, h3, h4, h5, h6'),
    (block) => block.textContent?.trim() ?? '',
  );
  return {
    firstParagraph: paragraphs.find(Boolean) ?? '',
    h1Count: body.querySelectorAll('h1').length,
    imagesWithoutAlt: Array.from(body.querySelectorAll('img'))
      .filter((image) => !image.closest('figure.video') && !image.getAttribute('alt')?.trim())
      .map((image) => image.getAttribute('src') ?? ''),
    internalLinks: Array.from(body.querySelectorAll('a[href]')).filter((link) =>
      isInternalLink(link.getAttribute('href') ?? '', siteOrigin),
    ).length,
    words: text ? text.split(/\s+/).length : 0,
  };
}

/**
 * A link to another page of this site: a relative address (`/bai-viet`) or this site's origin; not `#part`
 * of the same page, nor an uploaded file (a gallery's photo links to itself, for the lightbox).
 */
export function isInternalLink(href: string, siteOrigin: string): boolean {
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#')) return false;
  try {
    const url = new URL(trimmed, `${siteOrigin}/`);
    return url.origin === new URL(siteOrigin).origin && !url.pathname.startsWith(`${UPLOADS_PATH}/`);
  } catch {
    return false;
  }
}

function lengthCheck(
  id: string,
  name: string,
  text: string,
  range: { min: number; max: number },
  missing: string,
): SeoCheck {
  const length = visibleLength(text);
  const recommended = `recommended ${range.min}–${range.max}`;
  if (length === 0) return { id, state: 'problem', text: missing };
  if (length < range.min)
    return { id, state: 'improve', text: `${name}: ${length} characters, too short (${recommended})` };
  if (length > range.max)
    return {
      id,
      state: 'improve',
      text: `${name}: ${length} characters, too long (${recommended}): search results cut it`,
    };
  return { id, state: 'good', text: `${name}: ${length} characters (${recommended})` };
}

function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** Every check of the panel, in the order it lists them. */
export function seoChecks(fields: SeoFields, keyword: string, siteOrigin: string): SeoCheck[] {
  const facts = contentFacts(fields.content, siteOrigin);
  const title = fields.meta_title.trim() || fields.title.trim();
  const checks: SeoCheck[] = [];

  if (!foldText(keyword)) {
    checks.push({
      id: 'keyword',
      state: 'improve',
      text: 'No focus keyword: enter the words people search for to check where they appear',
    });
  } else {
    const places = [
      { id: 'keyword-title', name: fields.meta_title.trim() ? 'the meta title' : 'the title', text: title },
      { id: 'keyword-slug', name: 'the slug', text: fields.slug },
      { id: 'keyword-description', name: 'the meta description', text: fields.meta_description },
      { id: 'keyword-first-paragraph', name: 'the first paragraph', text: facts.firstParagraph },
    ];
    for (const place of places) {
      checks.push(
        containsKeyword(place.text, keyword)
          ? { id: place.id, state: 'good', text: `Focus keyword found in ${place.name}` }
          : { id: place.id, state: 'improve', text: `Focus keyword not found in ${place.name}` },
      );
    }
  }

  checks.push(
    lengthCheck('title-length', 'Title', title, SEO_TITLE_LENGTH, 'No title: search results show the site name'),
  );
  checks.push(
    lengthCheck(
      'description-length',
      'Meta description',
      fields.meta_description.trim(),
      SEO_DESCRIPTION_LENGTH,
      'No meta description: search results show the site name or text the search engine picks',
    ),
  );

  checks.push(
    facts.h1Count > 0
      ? {
          id: 'h1',
          state: 'problem',
          text: `The content has ${plural(facts.h1Count, 'H1 heading')}: the post title is the page's H1, use H2 and below`,
        }
      : { id: 'h1', state: 'good', text: 'No H1 in the content: the post title is the page’s only H1' },
  );
  const missingAlt = facts.imagesWithoutAlt;
  checks.push(
    missingAlt.length > 0
      ? {
          id: 'image-alt',
          state: 'problem',
          text: `${plural(missingAlt.length, 'image')} without alt text: ${missingAlt.join(', ')}`,
        }
      : { id: 'image-alt', state: 'good', text: 'Every image in the content has alt text' },
  );
  checks.push(
    facts.internalLinks > 0
      ? { id: 'internal-links', state: 'good', text: `${plural(facts.internalLinks, 'internal link')} to this site` }
      : { id: 'internal-links', state: 'improve', text: 'No internal links: link to other posts of this site' },
  );
  checks.push(
    facts.words >= SEO_MIN_WORDS
      ? { id: 'words', state: 'good', text: `${plural(facts.words, 'word')} in the content` }
      : {
          id: 'words',
          state: 'improve',
          text: `${plural(facts.words, 'word')} in the content (at least ${SEO_MIN_WORDS} recommended)`,
        },
  );
  return checks;
}

/** Cut to `max` characters at a word's end with an ellipsis, as search results cut long titles and descriptions. */
export function truncateForPreview(text: string, max: number): string {
  const characters = Array.from(text.normalize('NFC').trim());
  if (characters.length <= max) return characters.join('');
  const cut = characters.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  // Cut at the last word's end unless that throws away most of the text.
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export const SEARCH_PREVIEW_LENGTH = { title: SEO_TITLE_LENGTH.max, description: SEO_DESCRIPTION_LENGTH.max } as const;

/** The search result as Google lists the post: its head's title and description (`postHeadOf`), `host › slug`. */
export function searchPreview(fields: SeoFields, siteOrigin: string, siteName: string) {
  const head = postHeadOf(fields, siteName);
  const host = new URL(siteOrigin).host;
  return {
    title: truncateForPreview(head.title, SEARCH_PREVIEW_LENGTH.title),
    url: fields.slug.trim() ? `${host} › ${fields.slug.trim()}` : host,
    description: truncateForPreview(head.description, SEARCH_PREVIEW_LENGTH.description),
  };
}

/** The link card Facebook and Zalo show for the post's address: its Open Graph title, description, image and host. */
export function linkCardPreview(fields: SeoFields, siteOrigin: string, siteName: string) {
  const head = postHeadOf(fields, siteName);
  return { title: head.title, description: head.description, host: new URL(siteOrigin).host };
}
