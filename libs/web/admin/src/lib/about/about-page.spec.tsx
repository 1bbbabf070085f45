import { screen, waitFor, within } from '@testing-library/react';
import type { About } from '@blog/contracts';
import type { RichTextEditorProps } from '@blog/web/editor';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { ABOUT_SAVED, AboutPage } from './about-page';

// jsdom cannot type into the editor's contenteditable: a textarea stands in for it, with the same contract
// (HTML in through `value`, HTML out through `onChange`).
jest.mock('@blog/web/editor', () => ({ RichTextEditor: mockRichTextEditor }));
function mockRichTextEditor({ value, onChange, onBlur, 'aria-labelledby': labelledBy }: RichTextEditorProps) {
  return (
    <textarea
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

const ABOUT: About = { id: 4, version: 1, content: '<p>Xin chào</p>', language: 'en' };

describe('AboutPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it("reads 'Add' with no record, creates it, says so and then reads 'Update'", async () => {
    let stored: About[] = [];
    const { user, calls } = renderAdmin(<AboutPage />, {
      answers: {
        'about.list': () => stored,
        'about.create': (input) => {
          stored = [{ id: 1, version: 1, language: 'en', ...(input as { content: string }) }];
          return { status: 200, id: 1 };
        },
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const content = await screen.findByRole('textbox', { name: 'Content' });
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/admin/dashboard');
    await user.type(content, '<p>Hi</p>');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(ABOUT_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'about.create')?.input).toEqual({ content: '<p>Hi</p>', language: 'en' });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'about.list')).toHaveLength(2);
  });

  it("reads 'Update' with the first record of the list and updates it by id", async () => {
    const { user, calls } = renderAdmin(<AboutPage />, {
      answers: {
        'about.list': () => [ABOUT, { id: 9, content: '<p>other</p>' }],
        'about.update': () => ({ status: 200, id: 4 }),
      },
    });
    const content = await screen.findByRole('textbox', { name: 'Content' });
    expect(content).toHaveValue('<p>Xin chào</p>');
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await user.clear(content);
    await user.type(content, '<p>Hello</p>');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ABOUT_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'about.update')?.input).toEqual({
      id: 4,
      version: 1,
      content: '<p>Hello</p>',
    });
  });

  it('shows why a save failed and keeps the content', async () => {
    const { user } = renderAdmin(<AboutPage />, {
      answers: {
        'about.list': () => [ABOUT],
        'revisions.list': () => [],
        'about.update': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500, 'The database is not available');
        },
      },
    });
    const content = await screen.findByRole('textbox', { name: 'Content' });
    await user.type(content, ' more');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not available');
    expect(content).toHaveValue('<p>Xin chào</p> more');
    expect(screen.queryByText(ABOUT_SAVED)).not.toBeInTheDocument();
  });

  it('offers a retry when the record cannot be loaded', async () => {
    let attempts = 0;
    const { user } = renderAdmin(<AboutPage />, {
      answers: {
        'about.list': () => {
          attempts += 1;
          if (attempts === 1) throw new Error('down');
          return [ABOUT];
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Content' })).toHaveValue('<p>Xin chào</p>');
  });

  it('asks before leaving with unsaved changes, and not after saving them', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAdmin(<AboutPage />, {
      path: '/admin/about',
      answers: {
        'about.list': () => [ABOUT],
        'revisions.list': () => [],
        'about.update': () => ({ status: 200, id: 4 }),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Content' }), '!');
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/about');

    confirm.mockClear();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText(ABOUT_SAVED);
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('switches between the languages, each with its own About, and creates the Vietnamese one; a refusal says why', async () => {
    let refuse = true;
    const { user, calls } = renderAdmin(<AboutPage />, {
      path: '/admin/about',
      answers: {
        'about.list': () => [ABOUT],
        'about.create': () => {
          if (!refuse) return { status: 200, id: 5 };
          refuse = false;
          throw trpcError('CONFLICT', 409, 'The About page in this language exists already', [
            { field: 'language', message: 'The About page in this language exists already' },
          ]);
        },
      },
    });
    const switcher = await screen.findByRole('navigation', { name: 'About page in' });
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('textbox', { name: 'Content' })).toHaveValue('<p>Xin chào</p>');

    await user.click(within(switcher).getByRole('link', { name: 'Tiếng Việt' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/about?language=vi');
    const content = await screen.findByRole('textbox', { name: 'Content' });
    expect(content).toHaveValue('');
    await user.type(content, '<p>Chào bạn</p>');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The About page in this language exists already');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(ABOUT_SAVED)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'about.create').map((call) => call.input)).toEqual([
      { content: '<p>Chào bạn</p>', language: 'vi' },
      { content: '<p>Chào bạn</p>', language: 'vi' },
    ]);
  });
});
