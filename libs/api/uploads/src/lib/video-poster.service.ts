import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { VideoPosterAnswer, VideoPosterInput } from '@blog/contracts';
import { APP_CONFIG, DomainError, guardedFetch, GuardedFetchError, type AppConfig } from '@blog/api/core';
import { VIDEO_PROVIDERS } from '@blog/shared/html';
import { ImageImportService } from './image-import.service';

/** An oEmbed answer is a few hundred bytes; anything near this is not one. */
export const OEMBED_MAX_BYTES = 64 * 1024;
/** The writer waits on it (the picture's own import has its own limit after). */
export const OEMBED_TIMEOUT_MS = 10_000;
/** A title longer than this is cut (the facade shows one line of it). */
const TITLE_MAX_LENGTH = 300;

/** What we read of oEmbed (https://oembed.com): a video answer's picture and title. */
const oembedSchema = z.object({
  thumbnail_url: z.url({ protocol: /^https?$/ }),
  title: z.string().optional(),
});

// The reason alone: the editor's message says the picture could not be fetched, and why.
const idError = (message: string) => new DomainError('BAD_REQUEST', message, [{ field: 'id', message }]);

/** Why Vimeo gave no picture, in the writer's words (404 and 403: a private, unlisted-with-hash or removed video). */
function oembedFailure(failure: GuardedFetchError, label: string): DomainError {
  if (failure.failure === 'http-status' && / (?:403|404)$/.test(failure.message)) {
    return idError(`${label} has no public picture for this video (${failure.message}: private or removed)`);
  }
  if (failure.failure === 'too-large') return idError(`${label}'s answer was too large to be oEmbed`);
  return idError(failure.message);
}

/**
 * A video's picture as our own upload (`uploads.videoPoster`, `POST /api/upload/video-poster`), so the
 * facade loads nothing from the video host: YouTube names it at a fixed address; Vimeo only in its
 * oEmbed answer, fetched under the same guard as image imports (public addresses only, bounded in
 * time and size), whose `thumbnail_url` is then imported like any image. Every failure is a 400
 * naming `id` (or the import's own status) with the reason; the editor keeps the video and lets the
 * owner choose a picture.
 */
@Injectable()
export class VideoPosterService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly imports: ImageImportService,
  ) {}

  async videoPoster(video: VideoPosterInput): Promise<VideoPosterAnswer> {
    const fixed = VIDEO_PROVIDERS[video.provider].thumbnail(video.id);
    if (fixed) return { name: await this.importPicture(fixed), title: null };
    const { thumbnail, title } = await this.vimeoOembed(video.id);
    return { name: await this.importPicture(thumbnail), title };
  }

  private async vimeoOembed(id: string): Promise<{ thumbnail: string; title: string | null }> {
    const endpoint = new URL(this.config.vimeoOembedEndpoint);
    endpoint.searchParams.set('url', VIDEO_PROVIDERS.vimeo.watch(id));
    let bytes: Buffer;
    try {
      bytes = await guardedFetch(endpoint.href, {
        allowedHosts: this.config.imageImportAllowedHosts,
        maxBytes: OEMBED_MAX_BYTES,
        timeoutMs: OEMBED_TIMEOUT_MS,
        maxRedirects: 2,
        expect: 'json',
      });
    } catch (error) {
      if (error instanceof GuardedFetchError) throw oembedFailure(error, VIDEO_PROVIDERS.vimeo.label);
      throw error;
    }
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw idError(`${endpoint.host} answered something that is not JSON`);
    }
    const parsed = oembedSchema.safeParse(body);
    if (!parsed.success) throw idError(`${endpoint.host} named no picture for this video`);
    // Someone else's text: control characters, lone surrogates and U+FFFD would fail the post's own text rule.
    const title =
      parsed.data.title
        ?.replace(/[\p{Cc}\p{Cs}\uFFFD]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, TITLE_MAX_LENGTH) || null;
    return { thumbnail: parsed.data.thumbnail_url, title };
  }

  /** The import's errors name `url`; here the writer gave a video id. */
  private async importPicture(address: string): Promise<string> {
    try {
      return await this.imports.importUrl(address);
    } catch (error) {
      if (error instanceof DomainError && error.errors) {
        throw new DomainError(
          error.code,
          error.errors[0]?.message ?? error.message,
          error.errors.map((fieldError) => ({ ...fieldError, field: 'id' })),
        );
      }
      throw error;
    }
  }
}
