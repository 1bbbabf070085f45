import * as editor from './index';

describe('@blog/web/editor public API', () => {
  it('exports the component, the HTML conversions and the limits', () => {
    expect(typeof editor.RichTextEditor).toBe('function');
    expect(typeof editor.htmlToSlate).toBe('function');
    expect(typeof editor.slateToHtml).toBe('function');
    expect(typeof editor.createRichTextEditor).toBe('function');
    expect(editor.HISTORY_MAX_STEPS).toBe(100);
    expect(editor.HISTORY_MERGE_DELAY_MS).toBe(1000);
    expect(editor.HIGHLIGHT_INTERVAL_MS).toBe(1000);
    expect(editor.DROP_IMAGE_TYPES).toEqual(['image/png', 'image/jpeg', 'image/heic', 'image/heif']);
  });

  it('converts HTML both ways', () => {
    const html = '<h2>Hi</h2><p><strong>there</strong></p>';
    expect(editor.slateToHtml(editor.htmlToSlate(html))).toBe(html);
  });
});
