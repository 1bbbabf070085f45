import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';
import { setImageFilesHandler } from './with-image-files';

function transfer(files: File[], data: Record<string, string> = {}): DataTransfer {
  return {
    types: [...Object.keys(data), 'Files'],
    files,
    getData: (type: string) => data[type] ?? '',
  } as unknown as DataTransfer;
}

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('withImageFiles', () => {
  it('hands dropped or pasted PNG and JPEG files to the upload, and refuses every other type', () => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    const handler = jest.fn();
    setImageFilesHandler(editor, handler);
    const png = file('a.png', 'image/png');
    const jpeg = file('b.jpg', 'image/jpeg');
    const gif = file('c.gif', 'image/gif');
    const webp = file('d.webp', 'image/webp');
    const svg = file('e.svg', 'image/svg+xml');
    const pdf = file('f.pdf', 'application/pdf');
    editor.insertData(transfer([png, gif, jpeg, webp, svg, pdf]));
    expect(handler).toHaveBeenCalledWith([png, jpeg], [gif, webp, svg, pdf]);
    expect(htmlOf(editor)).toBe('<p>a</p>');
  });

  it('prefers HTML when the clipboard has both (Word also puts a picture of the text there)', () => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    const handler = jest.fn();
    setImageFilesHandler(editor, handler);
    editor.insertData(transfer([file('clip.png', 'image/png')], { 'text/html': '<b>b</b>' }));
    expect(handler).not.toHaveBeenCalled();
    expect(htmlOf(editor)).toBe('<p>a<strong>b</strong></p>');
  });

  it('never inserts files as text, even without a handler', () => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    editor.insertData(transfer([file('a.png', 'image/png')], { 'text/plain': 'a.png' }));
    expect(htmlOf(editor)).toBe('<p>a</p>');
  });
});
