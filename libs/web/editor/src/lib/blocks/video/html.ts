import {
  defaultVideoTitle,
  parseVideoUrl,
  plainLine,
  safeImageUrl,
  videoFacadeHtml,
  videoRef,
  type VideoRef,
} from '@blog/shared/html';
import type { BlockReadRule, ReadPlace, ReadResult } from '../block';
import type { VideoElement } from './video';

/** A video's facade: what visitors see until they play it (the public page then makes the player). */
export function videoHtml(video: VideoElement): string {
  const ref = videoRef(video.provider, video.videoId);
  if (!ref) return '';
  return videoFacadeHtml({
    ...ref,
    title: plainLine(video.title),
    caption: plainLine(video.caption),
    poster: video.poster && !video.pending ? safeImageUrl(video.poster) : null,
  });
}

/**
 * A video block (at the top level only; elsewhere its element is read as content): the editor's
 * facade gives its title, poster and caption, a frame or a WordPress embed only which video it is.
 */
function videoBlock(video: VideoRef | null, element: Element, place: ReadPlace): ReadResult {
  if (!video || place.inCell || !place.inParagraph || place.inLink || place.inList) return 'content';
  const block: VideoElement = { type: 'video', provider: video.provider, videoId: video.id, children: [{ text: '' }] };
  const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim().normalize('NFC');
  if (element.localName === 'figure' && element.classList.contains('video')) {
    const title = text(element.querySelector('.video-title'));
    if (title && title !== defaultVideoTitle(video.provider)) block.title = title;
    const caption = text(element.querySelector('figcaption'));
    if (caption) block.caption = caption;
    const poster = safeImageUrl(element.querySelector('img')?.getAttribute('src') ?? '');
    if (poster) block.poster = poster;
  } else {
    const title = element.getAttribute('title')?.trim();
    if (title) block.title = title.normalize('NFC');
  }
  return block;
}

export const readVideo: readonly BlockReadRule[] = [
  // A video player's frame pasted from a web page (or an import) is the video.
  { tag: 'iframe', read: (frame, place) => videoBlock(parseVideoUrl(frame.getAttribute('src') ?? ''), frame, place) },
  {
    tag: 'figure',
    className: 'video',
    read: (figure, place) =>
      videoBlock(videoRef(figure.getAttribute('data-provider'), figure.getAttribute('data-id')), figure, place),
  },
  // WordPress's embed block: the video's link alone in the figure (any other embed is another figure).
  {
    tag: 'figure',
    className: 'wp-block-embed',
    read: (figure, place) => {
      const link = parseVideoUrl(figure.textContent ?? '');
      return link ? videoBlock(link, figure, place) : 'next';
    },
  },
];
