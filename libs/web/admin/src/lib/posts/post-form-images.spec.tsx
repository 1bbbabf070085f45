import { act, createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Category } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { AddPostPage } from './post-pages';
import { category } from '../../testing/category';

// jsdom lacks `isContentEditable`, which slate-react checks before it handles a paste.
Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
  configurable: true,
  get(this: HTMLElement) {
    const host = this.closest('[contenteditable]');
    return host !== null && host.getAttribute('contenteditable') !== 'false';
  },
});

const CATEGORIES: Category[] = [category(1, 'Story', 'story')];

function pasteHtml(target: HTMLElement, html: string) {
  const event = createEvent.paste(target, {
    clipboardData: { files: [], types: ['text/html'], getData: (type: string) => (type === 'text/html' ? html : '') },
  });
  fireEvent(target, event);
}

describe('Add post: images pasted into the editor', () => {
  it('imports a remote image through uploads.importUrl and does not save until it is on this site', async () => {
    let finishImport!: (name: string) => void;
    const { user, calls } = renderAdmin(<AddPostPage />, {
      path: '/admin/add-post',
      answers: {
        'categories.list': () => CATEGORIES,
        'uploads.importUrl': () => new Promise<string>((resolve) => (finishImport = resolve)),
        'posts.create': () => ({ status: 200, id: 9 }),
      },
    });
    await user.selectOptions(await screen.findByLabelText(/Category ID/), 'Story');
    await user.type(screen.getByLabelText(/^Title/), 'Đà Lạt');
    await user.type(screen.getByLabelText(/^Meta Title/), 'Đà Lạt');
    const [content] = await screen.findAllByRole('textbox', { name: /Content/ });
    await user.click(content);
    await act(async () =>
      pasteHtml(content, '<p>Hồ Xuân Hương<img src="https://lh3.googleusercontent.com/lake.jpg"></p>'),
    );

    await waitFor(() =>
      expect(calls.find((call) => call.path === 'uploads.importUrl')?.input).toEqual({
        url: 'https://lh3.googleusercontent.com/lake.jpg',
      }),
    );
    // The post cannot be saved while the image is not on this site yet (it would be saved without it).
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await act(async () => finishImport('lake.jpg'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.find((call) => call.path === 'posts.create')).toBeDefined());
    expect(calls.find((call) => call.path === 'posts.create')?.input).toMatchObject({
      content: '<p>Hồ Xuân Hương<img src="/uploads/lake.jpg" /></p>',
    });
  });
});
