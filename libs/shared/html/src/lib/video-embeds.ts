import { VIDEO_ID_PATTERNS } from '@blog/contracts';
import { escapeAttribute, escapeText } from './plain-text';

/**
 * Videos from YouTube and Vimeo in a post. The post stores only which video it is (provider and id);
 * visitors see a facade (our own copy of the thumbnail and a play button, linking to the video's page)
 * and nothing loads from the video host until they click, when the player's frame replaces it.
 * The Content-Security-Policy allows exactly the player origins below as frame sources.
 */
export const VIDEO_PROVIDERS = {
  youtube: {
    label: 'YouTube',
    // The privacy-enhanced host: no cookies until the visitor plays the video.
    player: (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
    watch: (id: string) => `https://www.youtube.com/watch?v=${id}`,
    thumbnail: (id: string): string | null => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    id: VIDEO_ID_PATTERNS.youtube,
  },
  vimeo: {
    label: 'Vimeo',
    // `dnt=1`: Vimeo's player sets no tracking cookies.
    player: (id: string) => `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
    watch: (id: string) => `https://vimeo.com/${id}`,
    // Vimeo names its thumbnails only through its oEmbed answer, which the server reads (`VIMEO_OEMBED_ENDPOINT`).
    thumbnail: (): string | null => null,
    id: VIDEO_ID_PATTERNS.vimeo,
  },
} as const;

export type VideoProvider = keyof typeof VIDEO_PROVIDERS;

export interface VideoRef {
  provider: VideoProvider;
  id: string;
}

/** The origins of the players: the pages' only frame sources besides the tag manager's. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** A video's title when the writer gave none ("YouTube video"). */
export const defaultVideoTitle = (provider: VideoProvider): string => `${VIDEO_PROVIDERS[provider].label} video`;

export const isVideoProvider = (value: unknown): value is VideoProvider =>
  typeof value === 'string' && Object.hasOwn(VIDEO_PROVIDERS, value);

/** A provider's video id, checked against its pattern (ids go into URLs and attributes). */
export function videoRef(provider: unknown, id: unknown): VideoRef | null {
  if (!isVideoProvider(provider) || typeof id !== 'string' || !VIDEO_PROVIDERS[provider].id.test(id)) return null;
  return { provider, id };
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const YOUTUBE_PATHS = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

/**
 * The video a link points at: YouTube's watch, short, embed and `youtu.be` links, Vimeo's page, channel
 * and player links. Anything else is null (and stays a plain link).
 */
export function parseVideoUrl(text: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host) || host === 'www.youtube-nocookie.com') {
    const id = url.pathname === '/watch' ? url.searchParams.get('v') : YOUTUBE_PATHS.exec(url.pathname)?.[1];
    return videoRef('youtube', id);
  }
  if (host === 'youtu.be') return videoRef('youtube', url.pathname.slice(1).split('/')[0]);
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/123, vimeo.com/channels/staffpicks/123, vimeo.com/groups/x/videos/123
    const id = url.pathname
      .split('/')
      .filter(Boolean)
      .reverse()
      .find((part) => /^[0-9]+$/.test(part));
    return videoRef('vimeo', id);
  }
  if (host === 'player.vimeo.com') return videoRef('vimeo', /^\/video\/([0-9]+)/.exec(url.pathname)?.[1]);
  return null;
}

export interface VideoFacade extends VideoRef {
  /** Plain text; the provider's name when empty. */
  title?: string;
  caption?: string;
  /** The poster's address on this site, already checked by the image rule. */
  poster?: string | null;
}

/**
 * A video as the HTML policy keeps it: `<figure class="video" data-provider data-id>` of a link to the
 * video's page around its poster and title, and its caption. Written by the editor and the importers.
 */
export function videoFacadeHtml(video: VideoFacade): string {
  const { provider, id } = video;
  const title = video.title || defaultVideoTitle(provider);
  return (
    `<figure class="video" data-provider="${provider}" data-id="${id}">` +
    `<a class="video-play" href="${escapeAttribute(VIDEO_PROVIDERS[provider].watch(id))}">` +
    (video.poster ? `<img src="${escapeAttribute(video.poster)}" alt="" />` : '') +
    `<span class="video-title">${escapeText(title)}</span></a>` +
    (video.caption ? `<figcaption>${escapeText(video.caption)}</figcaption>` : '') +
    '</figure>'
  );
}
