import { JSDOM } from 'jsdom';
import { absoluteUrls, cdata, escapeXml, xmlChars } from './xml';

const parsedText = (xml: string) => {
  const document = new new JSDOM('').window.DOMParser().parseFromString(`<x>${xml}</x>`, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document.documentElement.textContent;
};

describe('xml helpers', () => {
  it('escapeXml escapes markup and quotes, and reads back as the same text', () => {
    const text = `Tom & Jerry <3 "it's" ]]>`;
    expect(escapeXml(text)).toBe('Tom &amp; Jerry &lt;3 &quot;it&apos;s&quot; ]]&gt;');
    expect(parsedText(escapeXml(text))).toBe(text);
  });

  it('xmlChars drops what XML 1.0 cannot carry and keeps the rest, emoji included', () => {
    expect(xmlChars('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uD800g')).toBe('abcdefg');
    expect(xmlChars('tab\there\nline\r😀 tiếng Việt')).toBe('tab\there\nline\r😀 tiếng Việt');
  });

  it.each(['plain', ']]>', 'a]]>b]]>c', ']]]]>', '<p>x</p>]]><![CDATA[', ']', ']]', 'ends with ]]'])(
    'cdata keeps %p exactly',
    (text) => {
      expect(parsedText(cdata(text))).toBe(text);
    },
  );

  it('absoluteUrls resolves relative href and src inside tags only', () => {
    const base = 'https://blog.example/my-post';
    expect(
      absoluteUrls(
        '<p>src="/not-a-tag"</p><img src="/uploads/a.png" alt="a" /><a href="other">o</a>' +
          '<a href="https://x.example/">x</a><a href="mailto:a@b.c">m</a><img src="data:image/png;base64,AAAA" />',
        base,
      ),
    ).toBe(
      '<p>src="/not-a-tag"</p><img src="https://blog.example/uploads/a.png" alt="a" /><a href="https://blog.example/other">o</a>' +
        '<a href="https://x.example/">x</a><a href="mailto:a@b.c">m</a><img src="data:image/png;base64,AAAA" />',
    );
  });
});
