import { highlightCodeBlocks, prepareRichText } from './highlight-code-blocks';

const block = (language: string, code: string) =>
  `<pre class="language-${language}"><code class="language-${language}">${code}</code></pre>`;

/** The classes of every element in `html`. */
const classesIn = (html: string) => [...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1].split(' '));

describe('highlightCodeBlocks', () => {
  it.each([
    ['javascript', 'const a = 1; // one', 'hljs-keyword'],
    ['python', 'def f(x):\n    return "x"', 'hljs-string'],
    ['sql', 'SELECT title FROM posts WHERE id = 1', 'hljs-keyword'],
    ['bash', 'echo "$HOME" # home', 'hljs-comment'],
    ['css', '.a { color: #fff; }', 'hljs-selector-class'],
  ])('highlights %s with hljs classes on spans', (language, code, token) => {
    const html = highlightCodeBlocks(
      block(language, code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')),
    );
    expect(html.startsWith(`<pre class="language-${language}"><code class="language-${language}">`)).toBe(true);
    expect(html).toContain(`<span class="${token}">`);
  });

  it('leaves plain code and unknown languages as escaped text without spans', () => {
    expect(highlightCodeBlocks(block('plain', 'if (a &lt; b) return;'))).toBe(block('plain', 'if (a &lt; b) return;'));
    expect(highlightCodeBlocks(block('cobol', 'DISPLAY &quot;x&quot;.'))).toBe(block('cobol', 'DISPLAY "x".'));
    expect(highlightCodeBlocks('<pre><code>let a = 1;</code></pre>')).toBe('<pre><code>let a = 1;</code></pre>');
  });

  it('keeps the code text exactly, escaped', () => {
    const code = 'if (a < b && c > "d") { s = \'<script>\'; }';
    const escaped = code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const html = highlightCodeBlocks(block('javascript', escaped));
    const text = html
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
    expect(text).toBe(code);
    expect(html).not.toContain('<script>');
  });

  it('is idempotent: highlighting stored HTML again changes nothing', () => {
    const once = highlightCodeBlocks(`<p>Hi</p>${block('python', 'x = &quot;&lt;b&gt;&quot;  # c')}`);
    expect(highlightCodeBlocks(once)).toBe(once);
  });

  it('touches nothing outside code blocks', () => {
    const html = '<p>const a = 1;</p><blockquote>SELECT 1</blockquote>';
    expect(highlightCodeBlocks(html)).toBe(html);
  });
});

describe('prepareRichText (the stored form of rich text)', () => {
  it('lets no markup through a crafted code block', () => {
    const crafted = block('xml', '</code></pre><img src=x onerror=alert(1)><script>alert(2)</script><pre><code>');
    const html = prepareRichText(
      crafted + block('javascript', '<span class="x" onclick="alert(3)">a</span><svg onload=alert(4)>'),
    );
    // Closing the block early leaves an ordinary (policy-checked) image outside it, never a handler or script.
    expect(html).not.toMatch(/<script|<svg|\son\w+=/i);
    expect(html).toContain('<img src="x" />');
    expect(classesIn(html).every((cls) => /^(language-[a-z0-9]+|hljs-[a-z_-]+|[a-z]+_)$/.test(cls))).toBe(true);
  });

  it('keeps hljs classes only as the highlighter writes them, inside pre code', () => {
    const html = prepareRichText(
      `<p><span class="hljs-keyword" style="color:#e60000">red</span></p>` +
        block('javascript', '<span class="hljs-string evil">return</span> 1'),
    );
    expect(html).toContain('<p><span style="color:#e60000">red</span></p>');
    expect(html).not.toContain('evil');
    // `return` is a keyword: the class comes from highlighting the text, not from the input.
    expect(html).toContain('<span class="hljs-keyword">return</span> <span class="hljs-number">1</span>');
  });

  it('highlights code HTML-escaped by the highlighter (no entity decoded into markup)', () => {
    const html = prepareRichText(block('xml', '&lt;img src=x onerror=alert(1)&gt;'));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;');
    expect(html).toContain('hljs-tag');
  });
});
