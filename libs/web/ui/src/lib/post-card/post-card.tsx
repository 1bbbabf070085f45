import { Link } from 'react-router-dom';
import { COMMENTS_ANCHOR, type PostCard as PostCardData } from '@blog/contracts';
import { FormattedDate } from '../formatted-date/formatted-date';
import { ReadingTime } from '../reading-time/reading-time';
import { RichText } from '../rich-text/rich-text';
import { UploadedPicture } from '../uploaded-picture/uploaded-picture';
import { useUiWords } from '../ui-words/ui-words';
import './post-card.css';

export interface PostCardProps {
  post: PostCardData;
  /** The title's heading level: below the page's h1 (h2) or below a section's h2 (h3). */
  titleAs?: 'h2' | 'h3';
  /** The first cards of a page are fetched eagerly; the others when scrolled near. */
  eager?: boolean;
  /** How wide the card's image is shown (the `sizes` of its sources). */
  imageSizes?: string;
}

/**
 * How wide a card is in a grid of 3 or 4 columns: the whole window on a phone, half from 640
 * pixels, a column of the 1140-pixel content from 1024 (the grid's breakpoints in post-card.css).
 */
export const POST_CARD_IMAGE_SIZES = {
  3: '(min-width: 1140px) 370px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  4: '(min-width: 1140px) 280px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
} as const;

/** The image box of a card is 8:5 (post-card.css); a thumbnail of unknown size is drawn into it. */
const CARD_IMAGE_BOX = { width: 800, height: 500 };

/**
 * A post in a list: thumbnail, updated date, reading time and comment count (none when 0), category
 * chip, title, colour and price, and the short-content excerpt. The title is the link a screen reader meets; the image repeats it for
 * pointers only.
 */
export function PostCard({
  post,
  titleAs: Title = 'h2',
  eager = false,
  imageSizes = POST_CARD_IMAGE_SIZES[3],
}: PostCardProps) {
  const words = useUiWords();
  // At its own language's address: a project's related post may be in another language than the page.
  const href = words.localPath(`/${post.slug}`, post.language);
  return (
    <article className="post-card">
      <Link className="post-card__image" to={href} tabIndex={-1} aria-hidden="true">
        {post.thumbnail && (
          <UploadedPicture
            fileName={post.thumbnail}
            naturalWidth={post.thumbnail_width}
            sizes={imageSizes}
            alt=""
            width={post.thumbnail_width ?? CARD_IMAGE_BOX.width}
            height={post.thumbnail_height ?? CARD_IMAGE_BOX.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
      </Link>
      <div className="post-card__body">
        <div className="post-card__top">
          <span>
            <FormattedDate iso={post.updated_at} /> · <ReadingTime minutes={post.reading_minutes} />
            {post.comment_count > 0 && (
              <>
                {' · '}
                {/* A page load, not the router's: the browser then scrolls to the server-rendered thread. */}
                <a className="post-card__comments" href={`${href}#${COMMENTS_ANCHOR}`}>
                  {words.commentCount(post.comment_count)}
                </a>
              </>
            )}
          </span>
          <Link className="post-card__chip" to={words.localPath(`/category/${post.category_slug}`, post.language)}>
            {post.category_name}
          </Link>
        </div>
        <Title className="post-card__title">
          <Link to={href}>{post.title}</Link>
        </Title>
        {(post.color || post.price) && (
          <dl className="post-card__facts">
            {post.color && (
              <div>
                <dt>{words.color}</dt>
                <dd>{post.color}</dd>
              </div>
            )}
            {post.price && (
              <div>
                <dt>{words.price}</dt>
                <dd>{post.price}</dd>
              </div>
            )}
          </dl>
        )}
        <RichText className="post-card__excerpt" html={post.short_content} />
      </div>
    </article>
  );
}

export interface PostGridProps {
  posts: PostCardData[];
  /** Columns on large screens: 3 for the post lists, 4 for the home page's recent posts. */
  columns?: 3 | 4;
  titleAs?: 'h2' | 'h3';
  /** How many leading cards load their image eagerly (above the fold). */
  eagerCount?: number;
}

/** Cards in 1, 2, then 3 or 4 columns as the window widens. */
export function PostGrid({ posts, columns = 3, titleAs, eagerCount = 0 }: PostGridProps) {
  return (
    <ul className={`post-grid post-grid--${columns}`}>
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard
            post={post}
            titleAs={titleAs}
            eager={index < eagerCount}
            imageSizes={POST_CARD_IMAGE_SIZES[columns]}
          />
        </li>
      ))}
    </ul>
  );
}
