import { randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isUploadName, UPLOAD_IMAGE_TYPES, uploadVariantWidths } from '@blog/contracts';
import { encodeVariant, hasVariants } from './image-variants';
import { parseVariantName, type VariantName } from './upload-names';
import type { StoredFile, UploadStore } from './upload-store';

/** A file ready to be sent: its path in the cache and its content type. */
export interface CachedFile {
  path: string;
  contentType: string;
}

/** How many content types of cached files are remembered (a few bytes each); the rest are asked of the database. */
const REMEMBERED = 50_000;

/** The names a variant's original may have: its base with each extension that has variants. */
const originalNamesOf = (variant: VariantName) =>
  Object.entries(UPLOAD_IMAGE_TYPES)
    .filter(([contentType]) => hasVariants(contentType))
    .map(([, extension]) => `${variant.base}.${extension}`);

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * This instance's disk cache of the uploads stored in PostgreSQL (`UPLOAD_CACHE_DIR`): a file is
 * read from the database the first time it is asked for, written aside and renamed into the cache
 * (a request never sees half a file), then served from disk. Concurrent misses of one name share
 * one read. A variant an upload does not have yet (older uploads, the demo images) is made from the
 * stored original, if that width is one of its variant widths, and stored for every instance.
 */
export class UploadFiles {
  /** Names being fetched into the cache now, so that concurrent requests wait for the same work. */
  private readonly pending = new Map<string, Promise<CachedFile | null>>();
  /** The content types of the files this process has cached (from their rows). */
  private readonly contentTypes = new Map<string, string>();

  constructor(
    private readonly store: UploadStore,
    private readonly cacheDir: string,
  ) {}

  /** The cached file for `/uploads/{name}`, fetched from the database on a miss; null when there is none. */
  async get(name: string): Promise<CachedFile | null> {
    // Only names an upload can have: never a path from the request.
    if (!isUploadName(name)) return null;
    const path = join(this.cacheDir, name);
    const known = this.contentTypes.get(name);
    if (known && (await exists(path))) return { path, contentType: known };
    let fetching = this.pending.get(name);
    if (!fetching) {
      fetching = this.fetch(name, path).finally(() => this.pending.delete(name));
      this.pending.set(name, fetching);
    }
    return fetching;
  }

  private async fetch(name: string, path: string): Promise<CachedFile | null> {
    const variant = parseVariantName(name);
    if (await exists(path)) {
      // Cached by an earlier run of this instance: only the content type is needed.
      const contentType = variant ? `image/${variant.format}` : await this.store.contentTypeOf(name);
      return contentType ? this.remember(name, path, contentType) : null;
    }
    const file = variant ? await this.variant(variant) : await this.store.readUpload(name);
    if (!file) return null;
    await mkdir(this.cacheDir, { recursive: true });
    const temporary = join(this.cacheDir, `.${name}.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, file.bytes, { flag: 'wx' });
      await rename(temporary, path);
    } finally {
      await rm(temporary, { force: true });
    }
    return this.remember(name, path, file.contentType);
  }

  /** A stored variant, or one made now from its original when it is one of its widths; null otherwise. */
  private async variant(variant: VariantName): Promise<StoredFile | null> {
    const upload = await this.store.findUpload(originalNamesOf(variant));
    if (!upload || !hasVariants(upload.contentType) || !uploadVariantWidths(upload.width).includes(variant.width))
      return null;
    const stored = await this.store.readVariant(upload.id, variant.width, variant.format);
    if (stored) return stored;
    const original = await this.store.readUpload(upload.name);
    if (!original) return null;
    let made;
    try {
      made = await encodeVariant(original.bytes, variant.width, variant.format);
    } catch {
      // A damaged original: answered as if the variant did not exist (the page falls back to the original).
      return null;
    }
    return this.store.insertVariantIfAbsent(upload.id, made);
  }

  private remember(name: string, path: string, contentType: string): CachedFile {
    if (this.contentTypes.size >= REMEMBERED) this.contentTypes.delete(this.contentTypes.keys().next().value as string);
    this.contentTypes.set(name, contentType);
    return { path, contentType };
  }
}
