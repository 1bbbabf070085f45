import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineStylesheets } from './page-renderer.loader';

describe('inlineStylesheets', () => {
  let webDir: string;
  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), 'blog-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'index-abc.css'), 'body{color:red}');
    writeFileSync(join(webDir, 'assets', 'big.css'), `a{b:c}${' '.repeat(40 * 1024)}`);
  });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  it('puts a small built stylesheet in the page and leaves the rest linked', () => {
    const template =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"><link rel="stylesheet" href="/assets/big.css">' +
      '<link rel="stylesheet" href="/assets/missing.css"><link rel="modulepreload" href="/assets/a.js"></head>';
    expect(inlineStylesheets(template, webDir)).toBe(
      '<head><style>body{color:red}</style><link rel="stylesheet" href="/assets/big.css">' +
        '<link rel="stylesheet" href="/assets/missing.css"><link rel="modulepreload" href="/assets/a.js"></head>',
    );
  });

  it("gives the inlined style the link's nonce (the policy allows no other inline style)", () => {
    const template = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css" nonce="csp-nonce-placeholder">';
    expect(inlineStylesheets(template, webDir)).toBe('<style nonce="csp-nonce-placeholder">body{color:red}</style>');
  });
});
