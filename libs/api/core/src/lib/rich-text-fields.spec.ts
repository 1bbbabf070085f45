import { RICH_TEXT_MAX_DEPTH } from '@blog/shared/html';
import { DomainError } from './domain-error';
import { requireRichTextBounds, sanitizedRichText } from './rich-text-fields';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};

describe('sanitizedRichText: the one policy for stored rich text', () => {
  it('sanitises every field', () => {
    expect(sanitizedRichText({ content: '<p onclick="x()">Hi<script>x()</script></p>', short_content: '' })).toEqual({
      content: '<p>Hi</p>',
      short_content: '',
    });
  });

  it('refuses fields out of bounds as requireRichTextBounds does, each named', () => {
    const fields = {
      content: `${'<div>'.repeat(RICH_TEXT_MAX_DEPTH + 1)}x`,
      short_content: '<p>fine</p>',
      excerpt: '<em>'.repeat(RICH_TEXT_MAX_DEPTH + 1),
    };
    const sanitizing = refusal(() => sanitizedRichText(fields));
    expect(sanitizing).toBeInstanceOf(DomainError);
    expect(sanitizing).toEqual(refusal(() => requireRichTextBounds(fields)));
    expect((sanitizing as DomainError).errors?.map((error) => error.field)).toEqual(['content', 'excerpt']);
  });
});
