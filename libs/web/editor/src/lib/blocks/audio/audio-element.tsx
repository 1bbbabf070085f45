import type { RenderElementProps } from 'slate-react';
import { useFocused, useSelected, useSlateStatic } from 'slate-react';
import { BlockField, useElementPath } from '../../elements/block-field';
import type { AudioElement as AudioNode } from './audio';
import { setAudioCaption } from './commands';

/**
 * An audio clip being written: the player as visitors get it (nothing loads before play), and its
 * caption as a plain-text field.
 */
export function AudioElement({ attributes, children, element }: RenderElementProps & { element: AudioNode }) {
  const editor = useSlateStatic();
  const selected = useSelected();
  const focused = useFocused();
  const path = useElementPath(element);
  return (
    <figure {...attributes} className={selected && focused ? 'audio rte-audio rte-image-selected' : 'audio rte-audio'}>
      <div contentEditable={false}>
        <audio controls preload="none" src={element.url} />
        <figcaption>
          <BlockField
            label="Audio caption"
            value={element.caption ?? ''}
            onChange={(value) => setAudioCaption(editor, path(), value)}
          />
        </figcaption>
      </div>
      {children}
    </figure>
  );
}
