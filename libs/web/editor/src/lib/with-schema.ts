import type { CustomEditor } from './custom-types';
import { withBlocks } from './plugins/with-blocks';
import { BLOCKS } from './blocks/registry';
import { withCodeBlocks } from './plugins/with-code-blocks';
import { withImages } from './plugins/with-images';
import { withLinks } from './plugins/with-links';
import { withLists } from './plugins/with-lists';
import { withVoidBlocks } from './plugins/with-void-blocks';

/** The plugins that define the document model (inline and void elements, normalisation). */
export function withSchema<T extends CustomEditor>(editor: T): T {
  return withBlocks(withBlockPlugins(withVoidBlocks(withCodeBlocks(withLists(withLinks(withImages(editor)))))));
}

/** Each block's own plugin, in the registry's order. */
function withBlockPlugins<T extends CustomEditor>(editor: T): T {
  return BLOCKS.reduce((current, block) => (block.plugin ? block.plugin(current) : current), editor);
}
