import type { ChangeEvent } from 'react';
import { CODE_LANGUAGES, type CodeLanguage } from '@blog/shared/html';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useReadOnly, useSlateStatic } from 'slate-react';
import type { CodeBlockElement as CodeBlockNode } from '../custom-types';
import { setCodeLanguage } from '../commands/set-code-language';
import { useOwnEvents } from './block-field';

/**
 * A code block: its lines in `<pre><code>` (with the language classes the saved HTML carries), and a
 * language picker in its corner, as in Quill. The picker is out of the tab order: keyboard users have
 * the same picker in the toolbar while the cursor is in the block.
 */
export function CodeBlockElement({ attributes, children, element }: RenderElementProps & { element: CodeBlockNode }) {
  const editor = useSlateStatic();
  const readOnly = useReadOnly();
  const ownEvents = useOwnEvents();
  const languageClass = `language-${element.language}`;
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const path = ReactEditor.findPath(editor, element);
    setCodeLanguage(editor, event.target.value as CodeLanguage, path);
  };
  return (
    <div {...attributes} className="rte-code-block">
      <span contentEditable={false} className="rte-code-language">
        <select
          aria-label="Language of this code block"
          tabIndex={-1}
          value={element.language}
          disabled={readOnly}
          {...ownEvents}
          onChange={onChange}
        >
          {CODE_LANGUAGES.map((language) => (
            <option key={language.value} value={language.value}>
              {language.label}
            </option>
          ))}
        </select>
      </span>
      <pre className={languageClass} spellCheck={false}>
        <code className={languageClass}>{children}</code>
      </pre>
    </div>
  );
}
