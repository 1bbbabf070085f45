import { Icon, TextIcon, thin } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import type { BlockToolbarEntry } from '../block';
import { activePoem, togglePoem, togglePoemCentered } from './commands';

const PoemIcon = () => (
  <Icon>
    <path {...thin} d="M3 4h9M6 7.5h8M3 11h10M6 14.5h6" />
  </Icon>
);

/** "Poem" (pressed in one), and "Centre the poem" with the caret in one. */
export const poemToolbar: BlockToolbarEntry = {
  group: 'blocks',
  contextual: (editor) => ({ 'poem-centered': activePoem(editor) !== null }),
  Buttons: ({ editor, run }) => {
    const poem = activePoem(editor);
    return (
      <>
        <ToolbarButton
          itemKey="poem"
          label="Poem"
          pressed={poem !== null}
          onAction={() => run(() => togglePoem(editor))}
        >
          <PoemIcon />
        </ToolbarButton>
        {poem && (
          <ToolbarButton
            itemKey="poem-centered"
            label="Centre the poem"
            pressed={poem[0].centered === true}
            onAction={() => run(() => togglePoemCentered(editor))}
          >
            <TextIcon text="≡" />
          </ToolbarButton>
        )}
      </>
    );
  },
};
