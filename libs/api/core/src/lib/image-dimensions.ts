import { join } from 'node:path';
import { imageSizeFromFile } from 'image-size/fromFile';

export interface ImageDimensions {
  width: number;
  height: number;
}

/** How many uploads' sizes are remembered (a few bytes each). */
const REMEMBERED = 10_000;

/**
 * The pixel size of uploaded images, read from their header (link previews and structured data
 * announce it). Upload names are generated and never reused for other content, so a size once
 * read stays true; a missing or unreadable file has none.
 */
export class UploadedImageSizes {
  private readonly known = new Map<string, Promise<ImageDimensions | null>>();

  constructor(private readonly uploadDir: string) {}

  of(fileName: string | null): Promise<ImageDimensions | null> {
    // Only our own generated names: never a path from elsewhere.
    if (!fileName || fileName.includes('/') || fileName.includes('\\') || fileName.startsWith('.')) {
      return Promise.resolve(null);
    }
    let size = this.known.get(fileName);
    if (!size) {
      size = read(join(this.uploadDir, fileName));
      if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value as string);
      this.known.set(fileName, size);
    }
    return size;
  }

  /** The known sizes of several uploads at once (a list of cards), by file name; unknown ones are absent. */
  async ofMany(fileNames: Iterable<string | null>): Promise<Map<string, ImageDimensions>> {
    const names = [...new Set([...fileNames].filter((name): name is string => Boolean(name)))];
    const sizes = await Promise.all(names.map((name) => this.of(name)));
    return new Map(names.flatMap((name, index) => (sizes[index] ? [[name, sizes[index]] as const] : [])));
  }
}

async function read(path: string): Promise<ImageDimensions | null> {
  try {
    const { width, height, orientation } = await imageSizeFromFile(path);
    if (!width || !height) return null;
    // EXIF orientations 5 to 8 turn the picture a quarter: it is shown the other way round.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}
