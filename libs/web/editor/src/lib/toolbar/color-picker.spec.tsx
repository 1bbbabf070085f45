import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderEditor } from '../testing/render-editor';
import { colorName } from './color-names';

/** The palette as the issue lists it: 35 colours, in this order. */
const PALETTE = (
  '#000000 #e60000 #ff9900 #ffff00 #008a00 #0066cc #9933ff #ffffff #facccc #ffebcc #ffffcc #cce8cc ' +
  '#cce0f5 #ebd6ff #bbbbbb #f06666 #ffc266 #ffff66 #66b966 #66a3e0 #c285ff #888888 #a10000 #b26b00 ' +
  '#b2b200 #006100 #0047b2 #6b24b2 #444444 #5c0000 #663d00 #666600 #003700 #002966 #3d1466'
).split(' ');

const swatches = () =>
  Array.from(screen.getByRole('group', { name: 'Text colours' }).querySelectorAll<HTMLButtonElement>('[data-swatch]'));

describe('colour picker', () => {
  it('offers exactly the 35 palette colours, in order, each named', async () => {
    const user = userEvent.setup();
    renderEditor('<p>x</p>');
    const trigger = screen.getByRole('button', { name: 'Text colour' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(PALETTE).toHaveLength(35);
    expect(swatches().map((swatch) => swatch.dataset['swatch'])).toEqual(PALETTE);
    expect(swatches().map((swatch) => swatch.style.backgroundColor)).toHaveLength(35);
    expect(screen.getByRole('button', { name: 'Red #e60000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Darkest purple #3d1466' })).toBeInTheDocument();
    expect(new Set(PALETTE.map(colorName)).size).toBe(35);
  });

  it('applies the colour clicked to the selection and shows it as current', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>one two</p>');
    await field.select('two');
    await user.click(screen.getByRole('button', { name: 'Text colour' }));
    await user.click(screen.getByRole('button', { name: 'Blue #0066cc' }));
    await field.flush();
    expect(field.html()).toBe('<p>one <span style="color:#0066cc">two</span></p>');
    expect(screen.queryByRole('group', { name: 'Text colours' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Text colour' }));
    expect(screen.getByRole('button', { name: 'Blue #0066cc' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Default colour' }));
    await field.flush();
    expect(field.html()).toBe('<p>one two</p>');
  });

  it('is usable with the keyboard: open, move in the grid, pick, or escape', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>one two</p>');
    await field.select('two');
    const trigger = screen.getByRole('button', { name: 'Text colour' });
    act(() => trigger.focus());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Default colour' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Black #000000' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Pale red #facccc' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Darkest red #5c0000' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Grey #888888' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Darkest purple #3d1466' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Text colours' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    await field.flush();
    expect(field.html()).toBe('<p>one <span style="color:#e60000">two</span></p>');
  });

  it('closes when the mouse goes elsewhere', async () => {
    const user = userEvent.setup();
    renderEditor('<p>x</p>');
    await user.click(screen.getByRole('button', { name: 'Text colour' }));
    expect(screen.getByRole('group', { name: 'Text colours' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox'));
    expect(screen.queryByRole('group', { name: 'Text colours' })).not.toBeInTheDocument();
  });

  it('shows the current colour in its icon', async () => {
    const field = renderEditor('<p><span style="color:#9933ff">x</span></p>');
    await field.cursorAt('x');
    const trigger = screen.getByRole('button', { name: 'Text colour' });
    expect(within(trigger).getByText('', { selector: 'rect' })).toHaveAttribute('fill', '#9933ff');
  });
});
