import { UPLOAD_AUDIO_MAX_BYTES, UPLOAD_MAX_BYTES } from '@blog/contracts';
import { DomainError, guardedFetch, GuardedFetchError, type GuardedFetchFailure } from '@blog/api/core';
import { IMAGE_IMPORT_MAX_REDIRECTS, IMAGE_IMPORT_TIMEOUT_MS, type UploadsService } from '@blog/api/uploads';
import type { SourceImagePaths } from '../sources/source-model';
import type { ImportItems } from './import-items';
import type { ZipImages } from './zip-images';

export interface SourceImagesOptions {
  paths: SourceImagePaths;
  /** The owner's images zip, when they uploaded one: looked in first. */
  zip: ZipImages | null;
  uploads: UploadsService;
  items: ImportItems;
  allowedHosts: readonly string[];
  /** A dry run reads each image to know whether it can be had, and stores nothing. */
  dryRun: boolean;
}

/** An image brought over (its upload's name; in a dry run, a placeholder), or why not. */
export type ImageOutcome = { name: string; created: boolean } | { missing: string };

/**
 * Brings a source's images over, each once per site: by its original's URL (a WordPress size or a
 * Ghost `/size/w600/` variant is the same image), from the owner's zip first, else through the
 * guarded fetch, then through the upload pipeline (type by its bytes, limits, re-encoding). What
 * each URL became is remembered in `import_items`, so a second run fetches nothing again.
 */
export class SourceImages {
  private readonly outcomes = new Map<string, Promise<ImageOutcome>>();
  /** Hosts found unreachable in this run: an old site that is gone costs one timeout, not one per image. */
  private readonly deadHosts = new Map<string, string>();
  /** Images read from the zip or fetched in this run. */
  fetched = 0;

  constructor(private readonly options: SourceImagesOptions) {}

  /**
   * The image (or, with `kind` audio, the audio clip: a WordPress `[audio]`, a Ghost audio card) at
   * `url` on this site: `/uploads/{name}`, or why it could not be had.
   */
  async bring(url: string, kind: 'image' | 'audio' = 'image'): Promise<ImageOutcome> {
    const original = kind === 'image' ? this.options.paths.originalUrl(url) : url;
    const key = `${kind}:${original}`;
    let outcome = this.outcomes.get(key);
    if (!outcome) {
      outcome = this.bringOriginal(original, kind);
      this.outcomes.set(key, outcome);
    }
    return outcome;
  }

  private async bringOriginal(url: string, kind: 'image' | 'audio'): Promise<ImageOutcome> {
    const key = kind === 'image' ? imageKey(url) : `audio:${url}`;
    const known = await this.options.items.find(key);
    if (known) return { name: known.target, created: false };
    const bytes = await this.read(url, kind);
    if (!Buffer.isBuffer(bytes)) return bytes;
    this.fetched += 1;
    if (this.options.dryRun) return { name: url, created: true };
    try {
      const { uploads } = this.options;
      const name = kind === 'image' ? await uploads.storeImage(bytes) : await uploads.storeAudio(bytes);
      await this.options.items.remember(key, kind, name);
      return { name, created: true };
    } catch (error) {
      if (error instanceof DomainError) return { missing: error.message };
      throw error;
    }
  }

  private async read(url: string, kind: 'image' | 'audio'): Promise<Buffer | { missing: string }> {
    const { paths, zip } = this.options;
    const zipPath = paths.zipPath(url);
    let fromZip: { missing: string } | null = null;
    if (zip && zipPath) {
      const bytes = await zip.read(zipPath);
      if (Buffer.isBuffer(bytes)) return bytes;
      fromZip = bytes;
    }
    const address = paths.fetchUrl(url);
    if (!address)
      return (
        fromZip ?? {
          missing: `not in an images zip (upload the ${kind === 'image' ? 'images' : 'media'} folder as a zip)`,
        }
      );
    const host = hostOf(address);
    const dead = this.deadHosts.get(host);
    if (dead) return { missing: `could not be fetched: ${dead}` };
    try {
      return await guardedFetch(address, {
        allowedHosts: this.options.allowedHosts,
        maxBytes: kind === 'image' ? UPLOAD_MAX_BYTES : UPLOAD_AUDIO_MAX_BYTES,
        timeoutMs: IMAGE_IMPORT_TIMEOUT_MS,
        maxRedirects: IMAGE_IMPORT_MAX_REDIRECTS,
        expect: kind,
      });
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      if (HOST_FAILURES.has(error.failure)) this.deadHosts.set(host, error.message);
      return { missing: `could not be fetched: ${error.message}` };
    }
  }
}

const imageKey = (url: string) => `image:${url}`;
/** Failures that say the host itself cannot be reached, whatever the image. */
const HOST_FAILURES = new Set<GuardedFetchFailure>(['unreachable', 'timeout', 'not-allowed']);

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}
