import type { ImportSource } from '@blog/contracts';
import { ghostImagePaths, readGhost } from './sources/ghost/ghost-reader';
import type { SourceImagePaths, SourceItem } from './sources/source-model';
import { wordPressImagePaths } from './sources/wordpress/wordpress-paths';
import { readWordPress } from './sources/wordpress/wordpress-reader';

/** A reader of one kind of export file, and how its image addresses map to an images zip and the web. */
export interface SourceReader {
  read(path: string): AsyncGenerator<SourceItem>;
  imagePaths(origin: string | null): SourceImagePaths;
  /** What the file must start with (after white space), told to the owner when it does not. */
  looksRight(head: string): boolean;
  description: string;
}

export const SOURCE_READERS: Record<Exclude<ImportSource, 'archive'>, SourceReader> = {
  wxr: {
    read: readWordPress,
    imagePaths: (origin) => wordPressImagePaths(origin),
    looksRight: (head) => head.startsWith('<?xml') || head.startsWith('<rss'),
    description: 'a WordPress export file (WXR, .xml: Tools → Export in WordPress)',
  },
  ghost: {
    read: readGhost,
    imagePaths: () => ghostImagePaths(),
    looksRight: (head) => head.startsWith('{'),
    description: 'a Ghost export file (.json: Settings → Labs → Export in Ghost)',
  },
};
