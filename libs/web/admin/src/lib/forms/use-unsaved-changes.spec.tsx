import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAVE_WARNING, useUnsavedChanges } from './use-unsaved-changes';

function DirtyForm() {
  useUnsavedChanges(true);
  return (
    <>
      {/* As the rich-text editor: a plain click on a link in its text does not follow it. */}
      <div
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-label="Content"
        onClick={(event) => event.preventDefault()}
      >
        Read <a href="/elsewhere">my page</a>
      </div>
      <a href="/away">Away</a>
    </>
  );
}

describe('useUnsavedChanges', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks before a link leaves the page, but not for a link in text being edited', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    render(<DirtyForm />);
    await user.click(screen.getByRole('link', { name: 'my page' }));
    expect(confirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Away' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_WARNING);
  });
});
