/* eslint-disable no-script-url -- these tests feed dangerous addresses on purpose */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { renderEditor } from '../testing/render-editor';
import { withScheme } from './link-form';

describe('link form', () => {
  it('links the selection to the address typed', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>read the guide</p>');
    await field.select('guide');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const form = screen.getByRole('dialog', { name: 'Insert link' });
    expect(within(form).getByLabelText('URL')).toHaveFocus();
    expect(within(form).queryByLabelText('Text')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('URL'), 'https://example.com/guide');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await field.flush();
    expect(field.html()).toBe('<p>read the <a href="https://example.com/guide">guide</a></p>');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never submits the page form it sits in, with Apply, Enter in a field or Remove link', async () => {
    const user = userEvent.setup();
    const onPageSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const field = renderEditor('<p>one two</p>', {}, ({ children }) => (
      <form aria-label="Post" onSubmit={onPageSubmit}>
        {children}
        <button type="submit">Submit</button>
      </form>
    ));
    await field.select('one');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByLabelText('URL'), 'https://example.com/1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await field.select('two');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByLabelText('URL'), 'example.com/2{Enter}');
    await field.flush();
    expect(field.html()).toBe('<p><a href="https://example.com/1">one</a> <a href="https://example.com/2">two</a></p>');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await field.cursorAt('tw');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('checkbox', { name: 'Open in a new tab' }));
    await user.keyboard('{Enter}');
    await field.flush();
    expect(field.html()).toBe(
      '<p><a href="https://example.com/1">one</a> <a href="https://example.com/2" target="_blank" rel="noopener noreferrer">two</a></p>',
    );
    await field.cursorAt('on');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    await field.flush();
    expect(field.html()).toBe(
      '<p>one <a href="https://example.com/2" target="_blank" rel="noopener noreferrer">two</a></p>',
    );
    expect(onPageSubmit).not.toHaveBeenCalled();
  });

  it('does not follow a link clicked in the text, unless with Ctrl', async () => {
    renderEditor('<p>a <a href="/elsewhere">link</a></p>');
    const link = screen.getByRole('link', { name: 'link' });
    expect(fireEvent.click(link)).toBe(false);
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
  });

  it('stores a forbidden protocol as about:blank', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>click</p>');
    await field.select('click');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByLabelText('URL'), 'javascript:alert(document.cookie){Enter}');
    await field.flush();
    expect(field.html()).toBe('<p><a href="about:blank">click</a></p>');
  });

  it('opens with Ctrl+K, asks for the text when nothing is selected, and can open in a new tab', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>see:</p>');
    await field.cursorAt('see:');
    fireEvent.keyDown(field.editable(), { key: 'k', ctrlKey: true });
    const form = screen.getByRole('dialog', { name: 'Insert link' });
    await user.type(within(form).getByLabelText('URL'), 'www.example.com');
    await user.type(within(form).getByLabelText('Text'), 'Example');
    await user.click(within(form).getByRole('checkbox', { name: 'Open in a new tab' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await field.flush();
    expect(field.html()).toBe(
      '<p>see:<a href="https://www.example.com" target="_blank" rel="noopener noreferrer">Example</a></p>',
    );
  });

  it('edits and removes the link the cursor is in', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>a <a href="/old">link</a> b</p>');
    await field.cursorAt('li');
    const button = screen.getByRole('button', { name: 'Link' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    const url = screen.getByLabelText('URL');
    expect(url).toHaveValue('/old');
    await user.clear(url);
    await user.type(url, 'mailto:me@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await field.flush();
    expect(field.html()).toBe('<p>a <a href="mailto:me@example.com">link</a> b</p>');

    await field.cursorAt('li');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    await field.flush();
    expect(field.html()).toBe('<p>a link b</p>');
  });

  it('closes with Escape or Cancel, changing nothing', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>x</p>');
    await field.select('x');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText('URL'), 'https://a.example{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field.onHtml).not.toHaveBeenCalled();
  });
});

describe('withScheme', () => {
  it.each([
    ['www.example.com/x', 'https://www.example.com/x'],
    ['example.org', 'https://example.org'],
    ['vietnam.travel/places?x=1', 'https://vietnam.travel/places?x=1'],
    ['localhost.dev:8080/x', 'https://localhost.dev:8080/x'],
    ['me@example.com', 'mailto:me@example.com'],
    ['https://example.com', 'https://example.com'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['/posts', '/posts'],
    ['#top', '#top'],
    ['./about', './about'],
    ['page.html', 'page.html'],
    ['www.site.html', 'https://www.site.html'],
    ['hello', 'hello'],
    ['tel:+84912', 'tel:+84912'],
  ])('%s → %s', (input, output) => {
    expect(withScheme(input)).toBe(output);
  });
});
