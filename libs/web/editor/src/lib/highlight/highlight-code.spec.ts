/* eslint-disable no-template-curly-in-string -- code samples, not templates */
import { CODE_LANGUAGES } from '@blog/shared/html';
import { highlightCode } from './highlight-code';

const SAMPLES: Record<string, string> = {
  bash: 'for f in *.txt; do echo "$f" && cat "$f"; done # loop',
  cpp: '#include <vector>\nint main() { std::vector<int> v{1, 2}; return 0; }',
  csharp: 'public class A { public string Name { get; set; } = "x"; }',
  css: '.rte > p::before { color: #e60000; content: "<"; }',
  diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new',
  xml: '<div class="a" data-x=\'1\'>x &amp; y <!-- c --></div>',
  java: 'public static void main(String[] args) { System.out.println("hi & bye"); }',
  javascript: 'const a = `${b}` && "<c>"; // comment\nfunction f(x) { return x > 1; }',
  markdown: '# Title\n\n* **bold** and `code` [link](https://a.example)',
  php: '<?php echo htmlspecialchars($x ?? "<none>"); ?>',
  python: 'def f(x: int) -> str:\n    return f"{x!r}"  # comment',
  ruby: 'def greet(name) = puts "Hi #{name}" unless name.nil?',
  sql: "SELECT p.title FROM posts p WHERE p.status = 0 AND p.slug <> 'x';",
};

describe('highlightCode', () => {
  it('highlights each of the 13 languages offered besides plain', () => {
    const highlighted = CODE_LANGUAGES.filter((language) => language.value !== 'plain').map(
      (language) => language.value,
    );
    expect(highlighted).toHaveLength(13);
    for (const language of highlighted) {
      expect({ language, tokens: highlightCode(SAMPLES[language], language).length > 0 }).toEqual({
        language,
        tokens: true,
      });
    }
  });

  it('gives tokens that map back onto the code exactly (entities counted as one character)', () => {
    for (const [language, code] of Object.entries(SAMPLES)) {
      const tokens = highlightCode(code, language as 'bash');
      let last = 0;
      for (const token of tokens) {
        expect(token.start).toBeGreaterThanOrEqual(last);
        expect(token.end).toBeGreaterThan(token.start);
        expect(token.end).toBeLessThanOrEqual(code.length);
        last = token.end;
      }
    }
    const tokens = highlightCode('const s = "<&>";', 'javascript');
    const code = 'const s = "<&>";';
    expect(tokens.map((token) => [code.slice(token.start, token.end), token.token])).toEqual([
      ['const', 'hljs-keyword'],
      ['"<&>"', 'hljs-string'],
    ]);
  });

  it('joins the classes of nested scopes', () => {
    const code = 'const a = `x${b}`;';
    const tokens = highlightCode(code, 'javascript');
    expect(tokens.map((token) => [code.slice(token.start, token.end), token.token])).toContainEqual([
      '${b}',
      'hljs-string hljs-subst',
    ]);
  });

  it('does not highlight plain text', () => {
    expect(highlightCode('const a = 1;', 'plain')).toEqual([]);
    expect(highlightCode('', 'javascript')).toEqual([]);
  });
});
