import type { MouseEvent } from 'react';
import { defaultVideoTitle, VIDEO_PROVIDERS, videoRef } from '@blog/shared/html/video-embeds';
import './rich-text.css';

/**
 * The class that gives rich text its look (rich-text.css): on the public pages' <RichText> and on the
 * editor's editing area, so both show a post alike. Importing it brings the stylesheet along.
 */
export const RICH_TEXT_CLASS = 'rich-text';

export interface RichTextProps {
  /** HTML the server sanitised with the shared policy when it was saved. */
  html: string;
  className?: string;
}

/**
 * A video's facade played: the player's frame takes the link's place. Nothing loads from the video's
 * host before this click; without JavaScript (or with a modifier key) the link opens the video's page.
 */
export function playVideo(event: MouseEvent<HTMLElement>): void {
  const link = (event.target as Element).closest?.('.video-play');
  const figure = link?.closest('figure.video');
  const video = figure && videoRef(figure.getAttribute('data-provider'), figure.getAttribute('data-id'));
  if (!link || !video) return;
  event.preventDefault();
  const frame = document.createElement('iframe');
  frame.className = 'video-frame';
  frame.src = VIDEO_PROVIDERS[video.provider].player(video.id);
  frame.title = link.textContent?.trim() || defaultVideoTitle(video.provider);
  frame.setAttribute('allow', 'autoplay; encrypted-media; picture-in-picture; fullscreen');
  frame.setAttribute('allowfullscreen', '');
  // The players refuse to play without knowing the embedding site (the pages' own policy sends none away).
  frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  link.replaceWith(frame);
  frame.focus();
}

/**
 * A gallery's photo opened: the lightbox (its code loaded now, not with the page) shows it large.
 * Without JavaScript (or with a modifier key) the link opens the photo itself.
 */
export function openPhoto(event: MouseEvent<HTMLElement>): void {
  const link = (event.target as Element).closest?.('.gallery-item > a');
  const gallery = link?.closest('.gallery');
  if (!link || !gallery) return;
  event.preventDefault();
  const index = Array.from(gallery.querySelectorAll('.gallery-item > a')).indexOf(link);
  void import('../lightbox/lightbox').then(({ openLightbox }) => openLightbox(gallery, index));
}

/** The clicks the stored HTML answers itself: a plain left click on a video's facade or a gallery's photo. */
function onRichTextClick(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  playVideo(event);
  if (!event.defaultPrevented) openPhoto(event);
}

/** Post, excerpt and About HTML, as the server stored it (sanitised on save, never raw input). */
export function RichText({ html, className }: RichTextProps) {
  return (
    // The clicks handled are those of the videos' and photos' links (the keyboard's Enter on a link is a click).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className={className ? `${RICH_TEXT_CLASS} ${className}` : RICH_TEXT_CLASS}
      onClick={onRichTextClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
