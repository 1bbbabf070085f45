import type { PublicTestimonial } from '@blog/contracts';
import { UploadedPicture } from '@blog/web/ui';
import './portfolio.css';

/** The size a testimonial's photo is shown at (a small round portrait). */
const PHOTO_SIZE = 64;

/** A client's words: the quote, and who said it (photo, name, role and company; a link to where it was said). */
export function TestimonialQuote({ testimonial }: { testimonial: PublicTestimonial }) {
  const who = [testimonial.role, testimonial.company].filter(Boolean).join(', ');
  return (
    <figure className="testimonial">
      <blockquote className="testimonial__quote">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="testimonial__person">
        {testimonial.photo && (
          <UploadedPicture
            className="testimonial__photo"
            fileName={testimonial.photo}
            naturalWidth={null}
            sizes={`${PHOTO_SIZE}px`}
            alt=""
            width={PHOTO_SIZE}
            height={PHOTO_SIZE}
            loading="lazy"
            decoding="async"
          />
        )}
        <span>
          <cite className="testimonial__name">
            {testimonial.source_url ? (
              <a href={testimonial.source_url} rel="noopener">
                {testimonial.name}
              </a>
            ) : (
              testimonial.name
            )}
          </cite>
          {who && <span className="testimonial__role">{who}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
