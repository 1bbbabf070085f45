import type { CustomEditor } from './custom-types';
import { withBlocks } from './plugins/with-blocks';
import { withCallouts } from './plugins/with-callouts';
import { withCodeBlocks } from './plugins/with-code-blocks';
import { withImages } from './plugins/with-images';
import { withLinks } from './plugins/with-links';
import { withLists } from './plugins/with-lists';
import { withPoems } from './plugins/with-poems';
import { withRules } from './plugins/with-rules';
import { withTables } from './plugins/with-tables';
import { withVideos } from './plugins/with-videos';

/** The plugins that define the document model (inline and void elements, normalisation). */
export function withSchema<T extends CustomEditor>(editor: T): T {
  return withBlocks(
    withPoems(
      withCallouts(withRules(withTables(withCodeBlocks(withLists(withLinks(withVideos(withImages(editor)))))))),
    ),
  );
}
