import type { CustomEditor } from './custom-types';
import { withBlocks } from './plugins/with-blocks';
import { withCodeBlocks } from './plugins/with-code-blocks';
import { withImages } from './plugins/with-images';
import { withLinks } from './plugins/with-links';
import { withLists } from './plugins/with-lists';

/** The plugins that define the document model (inline and void elements, normalisation). */
export function withSchema<T extends CustomEditor>(editor: T): T {
  return withBlocks(withCodeBlocks(withLists(withLinks(withImages(editor)))));
}
