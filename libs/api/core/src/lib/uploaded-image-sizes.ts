import type { DataSource } from 'typeorm';
import { UploadEntity } from '@blog/api/data';

export interface ImageDimensions {
  width: number;
  height: number;
}

/** How many uploads' sizes are remembered (a few bytes each). */
const REMEMBERED = 10_000;

/**
 * The pixel size of uploaded images, as stored with them in PostgreSQL (`uploads.width`/`height`,
 * measured when they were stored, upright): link previews, structured data and the cards' `srcset`
 * announce it. Upload names are never reused for other content, so a size once read stays true and
 * is remembered; an unknown name has none (and is asked again next time: it may be imported since).
 */
export class UploadedImageSizes {
  private readonly known = new Map<string, ImageDimensions>();

  constructor(private readonly dataSource: DataSource) {}

  async of(fileName: string | null): Promise<ImageDimensions | null> {
    if (!fileName) return null;
    return (await this.ofMany([fileName])).get(fileName) ?? null;
  }

  /** The known sizes of several uploads at once (a list of cards), by file name, in one query; unknown ones are absent. */
  async ofMany(fileNames: Iterable<string | null>): Promise<Map<string, ImageDimensions>> {
    const names = [...new Set([...fileNames].filter((name): name is string => Boolean(name)))];
    const sizes = new Map<string, ImageDimensions>();
    const missing: string[] = [];
    for (const name of names) {
      const size = this.known.get(name);
      if (size) sizes.set(name, size);
      else missing.push(name);
    }
    if (missing.length === 0) return sizes;
    const rows = await this.dataSource
      .getRepository(UploadEntity)
      .createQueryBuilder('upload')
      .select(['upload.name', 'upload.width', 'upload.height'])
      .where('upload.name = ANY(:names)', { names: missing })
      .getMany();
    for (const { name, width, height } of rows) {
      // An audio clip has no pixel size: not an image.
      if (width === null || height === null) continue;
      const size = { width, height };
      sizes.set(name, size);
      if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value as string);
      this.known.set(name, size);
    }
    return sizes;
  }
}
