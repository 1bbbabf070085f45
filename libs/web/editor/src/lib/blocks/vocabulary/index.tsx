import { TextIcon } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import { defineBlock } from '../block';
import { insertVocabulary } from './commands';
import { readVocabulary, vocabularyHtml } from './html';
import type { VocabularyElement as VocabularyNode } from './vocabulary';
import { VocabularyElement } from './vocabulary-element';
import { withVocabulary } from './with-vocabulary';

/** A lesson's words: each with its IPA, part of speech, Vietnamese meaning, example and pronunciation. */
export const vocabularyBlock = defineBlock<VocabularyNode>({
  type: 'vocabulary',
  render: VocabularyElement,
  toHtml: vocabularyHtml,
  fromHtml: [readVocabulary],
  plugin: withVocabulary,
  isVoid: true,
  toolbar: {
    group: 'blocks',
    Buttons: ({ editor, run }) => (
      <ToolbarButton itemKey="vocabulary" label="Vocabulary" onAction={() => run(() => insertVocabulary(editor))}>
        <TextIcon text="Aa" />
      </ToolbarButton>
    ),
  },
  slash: [{ key: 'vocabulary', label: 'Vocabulary', keywords: 'word lesson từ vựng', run: (e) => insertVocabulary(e) }],
});
