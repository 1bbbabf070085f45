import { audioFigureHtml, plainLine, safeAudioUrl } from '@blog/shared/html';
import type { BlockReadRule, ReadPlace } from '../block';
import type { AudioElement } from './audio';

export const audioHtml = (audio: AudioElement): string => audioFigureHtml(audio.url, plainLine(audio.caption));

/**
 * An audio block of a clip of this site (at the top level only: null elsewhere) with its caption's
 * plain text.
 */
function audioBlock(player: Element, caption: Element | null, place: ReadPlace): AudioElement | null {
  const url = safeAudioUrl(player.getAttribute('src') ?? '');
  if (!url || place.inCell || !place.inParagraph || place.inLink || place.inList) return null;
  const block: AudioElement = { type: 'audio', url, children: [{ text: '' }] };
  const text = (caption?.textContent ?? '').replace(/\s+/g, ' ').trim().normalize('NFC');
  if (text) block.caption = text;
  return block;
}

export const readAudio: readonly BlockReadRule[] = [
  // A player of a clip of this site (an import's, or pasted) is an audio block; any other player goes.
  { tag: 'audio', read: (player, place) => audioBlock(player, null, place) ?? 'drop' },
  {
    tag: 'figure',
    className: 'audio',
    read: (figure, place) => {
      const player = figure.querySelector('audio');
      return (player && audioBlock(player, figure.querySelector('figcaption'), place)) ?? 'content';
    },
  },
];
