import { CODE_LANGUAGES } from '@blog/shared/html';
import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';
import { activeLineKind } from './queries';
import { setCodeLanguage } from './set-code-language';

describe('setCodeLanguage', () => {
  it.each(CODE_LANGUAGES.map((language) => [language.value]))('stores %s on <pre> and <code>', (language) => {
    const editor = editorWith('<pre class="language-plain"><code class="language-plain">x</code></pre>');
    cursorAt(editor, 'x');
    setCodeLanguage(editor, language);
    expect(htmlOf(editor)).toBe(`<pre class="language-${language}"><code class="language-${language}">x</code></pre>`);
    expect(activeLineKind(editor)).toEqual({ type: 'code-line', language });
  });

  it('ignores a language the editor does not offer', () => {
    const editor = editorWith('<pre class="language-sql"><code class="language-sql">x</code></pre>');
    cursorAt(editor, 'x');
    setCodeLanguage(editor, 'cobol' as 'sql');
    expect(htmlOf(editor)).toBe('<pre class="language-sql"><code class="language-sql">x</code></pre>');
  });

  it('changes the block at a given path', () => {
    const editor = editorWith('<p>a</p><pre class="language-sql"><code class="language-sql">x</code></pre>');
    setCodeLanguage(editor, 'python', [1]);
    expect(htmlOf(editor)).toBe('<p>a</p><pre class="language-python"><code class="language-python">x</code></pre>');
  });
});
