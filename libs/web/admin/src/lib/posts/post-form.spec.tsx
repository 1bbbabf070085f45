import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ALT_TEXT_HINT,
  ALT_TEXT_MAX_LENGTH,
  SITE_IDENTITY_DEFAULTS,
  type AdminPost,
  type Category,
} from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { LABELS } from '../labels';
import { renderAdmin } from '../../testing/render-admin';
import { fakeUploads } from '../../testing/fake-uploads';
import { AddPostPage, EditPostPage } from './post-pages';
import { category, translationLink } from '../../testing/category';

/** The calls but the autosave's (which looks for a draft to offer as the form opens). */
const savingCalls = (calls: Array<{ path: string }>) =>
  calls.map((call) => call.path).filter((path) => !path.startsWith('autosaves.'));

const CATEGORIES: Category[] = [category(1, 'Story', 'story'), category(2, 'Tiếng Anh', 'tieng-anh')];

const POST: AdminPost = {
  version: 1,
  id: 7,
  category_id: 2,
  category_name: 'Tiếng Anh',
  title: 'Học tiếng Anh',
  slug: 'hoc-tieng-anh',
  content: '<p>Nội dung</p>',
  short_content: '<p>Ngắn</p>',
  thumbnail: 'thumb.png',
  thumbnail_url: '/uploads/thumb.png',
  thumbnail_alt: 'Bảng chữ cái trên bảng đen',
  meta_title: 'Học tiếng Anh',
  meta_description: 'desc',
  meta_keywords: 'english',
  status: 1,
  published_at: '2025-01-05T10:00:00.000Z',
  color: null,
  price: null,
  comments_open: true,
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
  language: 'en',
  translations: [],
};

describe('Add post', () => {
  it('checks Category, Title and Meta Title before calling the server', async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, { answers: { 'categories.list': () => CATEGORIES } });
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Meta Title is required')).toBeInTheDocument();
    expect(savingCalls(calls)).toEqual(['categories.list']);
    expect(screen.getByRole('tab', { name: 'Post Info' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Chọn hạng mục' })).toBeInTheDocument();
  });

  it('fills the slug from the title, sends the spec body and goes to the posts list saying so', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, calls } = renderAdmin(<AddPostPage />, {
      path: '/admin/add-post',
      answers: { 'categories.list': () => CATEGORIES, 'posts.create': () => ({ status: 200, id: 9 }) },
    });
    await user.selectOptions(await screen.findByLabelText(/Category ID/), 'Tiếng Anh');
    await user.type(screen.getByLabelText(/^Title/), 'Tiếng Anh cơ bản');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('tieng-anh-co-ban');
    await user.type(screen.getByLabelText(/^Meta Title/), 'Tiếng Anh cơ bản');
    await user.click(screen.getByLabelText('Hide'));
    await screen.findAllByRole('textbox', { name: /Content/ });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/view-post'));
    expect(confirm).not.toHaveBeenCalled();
    expect(calls.find((call) => call.path === 'posts.create')?.input).toEqual({
      category_id: 2,
      title: 'Tiếng Anh cơ bản',
      slug: 'tieng-anh-co-ban',
      content: '',
      short_content: '',
      thumbnail: null,
      thumbnail_alt: '',
      meta_title: 'Tiếng Anh cơ bản',
      meta_description: '',
      meta_keywords: '',
      // Parsed by the contract in the form, as the server parses it: empty is none.
      color: null,
      price: null,
      status: 1,
      published_at: 'now',
      // On by default for a new post.
      send_to_subscribers: true,
      comments_open: true,
      // The site's default language (no General information saved: English).
      language: 'en',
    });
  });

  it('shows a taken slug on its field and keeps everything typed', async () => {
    const { user } = renderAdmin(<AddPostPage />, {
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.create': () => {
          throw trpcError('CONFLICT', 409, 'Slug taken', [{ field: 'slug', message: 'This slug is already used' }]);
        },
      },
    });
    await user.selectOptions(await screen.findByLabelText(/Category ID/), 'Story');
    await user.type(screen.getByLabelText(/^Title/), 'Hello');
    await user.type(screen.getByLabelText(/^Meta Title/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This slug is already used')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('correct the highlighted fields');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Hello');
  });

  it('refuses a slug that is the address of a page of the site before calling the server', async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, { answers: { 'categories.list': () => CATEGORIES } });
    await user.selectOptions(await screen.findByLabelText(/Category ID/), 'Story');
    await user.type(screen.getByLabelText(/^Title/), 'About');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('about');
    await user.type(screen.getByLabelText(/^Meta Title/), 'About');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('This slug is the address of a page of the site: choose another'),
    ).toBeInTheDocument();
    expect(savingCalls(calls)).toEqual(['categories.list']);
  });

  it('uploads a thumbnail with progress and sends its stored name; a failed upload says why', async () => {
    const { user } = renderAdmin(<AddPostPage />, { answers: { 'categories.list': () => CATEGORIES } });
    const uploads = fakeUploads({ status: 200, body: 'abc-123.png' });
    try {
      const input = await screen.findByLabelText('Thumbnail');
      await user.upload(input, new File(['png'], 'photo.png', { type: 'image/png' }));
      expect(await screen.findByRole('progressbar', { name: 'Uploading Thumbnail' })).toBeInTheDocument();
      expect(await screen.findByText('50%')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
      uploads.finish();
      expect(await screen.findByRole('img', { name: 'Thumbnail (current)' })).toHaveAttribute(
        'src',
        '/uploads/abc-123.png',
      );
      expect((uploads.sent[0].get('image') as File).name).toBe('photo.png');
    } finally {
      uploads.restore();
    }
    const failing = fakeUploads({
      status: 415,
      body: JSON.stringify({ message: 'Only PNG, JPEG, GIF, WebP and ICO images are accepted' }),
    });
    try {
      // The picker offers the accepted types only: an SVG named .png gets through it, not past the server.
      await user.upload(screen.getByLabelText('Thumbnail'), new File(['<svg/>'], 'x.png', { type: 'image/png' }));
      failing.finish();
      expect(await screen.findByText('Only PNG, JPEG, GIF, WebP and ICO images are accepted')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Thumbnail (current)' })).toHaveAttribute('src', '/uploads/abc-123.png');
    } finally {
      failing.restore();
    }
  });
});

describe('Thumbnail alt text', () => {
  it('is asked once a thumbnail is chosen, with a hint on good alt text, and sent with the post', async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, {
      answers: { 'categories.list': () => CATEGORIES, 'posts.create': () => ({ status: 200, id: 9 }) },
    });
    await user.selectOptions(await screen.findByLabelText(/Category ID/), 'Story');
    await user.type(screen.getByLabelText(/^Title/), 'Hội An');
    await user.type(screen.getByLabelText(/^Meta Title/), 'Hội An');
    expect(screen.queryByLabelText('Thumbnail alt text')).not.toBeInTheDocument();
    const uploads = fakeUploads({ status: 200, body: 'lanterns.jpg' });
    try {
      await user.upload(screen.getByLabelText('Thumbnail'), new File(['jpg'], 'lanterns.jpg', { type: 'image/jpeg' }));
      uploads.finish();
      await screen.findByRole('img', { name: 'Thumbnail (current)' });
    } finally {
      uploads.restore();
    }
    const alt = screen.getByLabelText('Thumbnail alt text');
    expect(alt).toHaveAccessibleDescription(ALT_TEXT_HINT);
    await user.type(alt, 'Lanterns over the river at dusk');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.create')).toBe(true));
    expect(calls.find((call) => call.path === 'posts.create')?.input).toMatchObject({
      thumbnail: 'lanterns.jpg',
      thumbnail_alt: 'Lanterns over the river at dusk',
    });
  });

  it('says how many views the post had in the last 30 days, under its title', async () => {
    const { calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.adminById': () => POST,
        'stats.postViews': () => [{ id: 7, views: 42 }],
      },
    });
    expect(await screen.findByText('42 views in the last 30 days')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'stats.postViews')?.input).toEqual({ ids: [7] });
  });

  it("shows the stored alt text of the post being edited, refuses a too long one and shows the server's refusal on the field", async () => {
    const { user, calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.adminById': () => POST,
        'posts.update': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
            { field: 'thumbnail_alt', message: 'must not contain control characters' },
          ]);
        },
      },
    });
    const alt = await screen.findByLabelText('Thumbnail alt text');
    expect(alt).toHaveValue('Bảng chữ cái trên bảng đen');
    expect(alt).toHaveAttribute('maxlength', String(ALT_TEXT_MAX_LENGTH));
    // maxlength stops typing; without it (an old browser, a script) the form's own rule refuses.
    alt.removeAttribute('maxlength');
    await user.clear(alt);
    await user.click(alt);
    await user.paste('x'.repeat(ALT_TEXT_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`Alt text must be at most ${ALT_TEXT_MAX_LENGTH} characters`)).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'posts.update')).toBe(false);
    await user.clear(alt);
    await user.type(alt, 'Chalkboard');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('must not contain control characters')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'posts.update')?.input).toMatchObject({
      id: 7,
      thumbnail_alt: 'Chalkboard',
    });
    expect(screen.getByLabelText('Thumbnail alt text')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Edit post', () => {
  it('leaves "Send to subscribers" off for an existing post and says to how many it was sent', async () => {
    renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.adminById': () => POST,
        'subscriptions.postDeliveries': () => ({ sent: 42 }),
      },
    });
    expect(await screen.findByText('Sent to 42 subscribers')).toBeInTheDocument();
    expect(screen.getByLabelText('Send to subscribers')).not.toBeChecked();
  });

  it('loads the post: current thumbnail 100 px wide, Hide checked for a hidden post, slug kept', async () => {
    const { user } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: { 'categories.list': () => CATEGORIES, 'posts.adminById': () => POST },
    });
    const thumbnail = await screen.findByRole('img', { name: 'Thumbnail (current)' });
    expect(thumbnail).toHaveAttribute('width', '100');
    expect(screen.getByLabelText('Hide')).toBeChecked();
    expect(screen.getByLabelText(/Category ID/)).toHaveValue('2');
    await user.type(screen.getByLabelText(/^Title/), ' nâng cao');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('hoc-tieng-anh');
  });

  it('updates with the id and keeps the thumbnail when none is chosen', async () => {
    const { user, calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.adminById': () => POST,
        'posts.update': () => ({ status: 200, id: 7 }),
      },
    });
    await screen.findByRole('img', { name: 'Thumbnail (current)' });
    await user.click(screen.getByLabelText('Hide'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.update')).toBe(true));
    expect(calls.find((call) => call.path === 'posts.update')?.input).toMatchObject({
      id: 7,
      thumbnail: 'thumb.png',
      status: 0,
    });
  });

  it('shows "Allow comments" as the post has it and saves the change', async () => {
    const { user, calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.adminById': () => ({ ...POST, comments_open: false }),
        'posts.update': () => ({ status: 200, id: 7 }),
      },
    });
    const allow = await screen.findByRole('checkbox', { name: LABELS.post.allowComments });
    expect(allow).not.toBeChecked();
    await user.click(allow);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.update')).toBe(true));
    expect(calls.find((call) => call.path === 'posts.update')?.input).toMatchObject({ id: 7, comments_open: true });
  });

  it('says when the post does not exist', async () => {
    renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/99',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.adminById': () => {
          throw trpcError('NOT_FOUND', 404, 'Post not found');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('does not exist');
  });

  it('asks before leaving with unsaved changes', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: { 'categories.list': () => CATEGORIES, 'posts.adminById': () => POST },
    });
    await screen.findByRole('img', { name: 'Thumbnail (current)' });
    await user.type(screen.getByLabelText(/^Title/), '!');
    await user.click(screen.getByRole('link', { name: 'View posts' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/edit-post/7');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'View posts' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/view-post');
    confirm.mockRestore();
  });
});

describe('Publication', () => {
  const editAnswers = (post: AdminPost) => ({
    'categories.list': () => CATEGORIES,
    'posts.adminById': () => post,
    'posts.update': () => ({ status: 200, id: post.id }),
  });
  const sent = (calls: Array<{ path: string; input: unknown }>, path: string) =>
    (calls.find((call) => call.path === path)?.input as { published_at?: unknown } | undefined)?.published_at;
  const publishOn = () => screen.getByLabelText(/^Publish on/);

  async function fillNewPost(user: ReturnType<typeof renderAdmin>['user']) {
    await user.selectOptions(await screen.findByLabelText(/Category ID/), 'Story');
    await user.type(screen.getByLabelText(/^Title/), 'Tết ở Hội An');
    await user.type(screen.getByLabelText(/^Meta Title/), 'Tết ở Hội An');
  }

  it('starts a new post on Publish now, with no preview links yet, and sends now', async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, {
      answers: { 'categories.list': () => CATEGORIES, 'posts.create': () => ({ status: 200, id: 9 }) },
    });
    await fillNewPost(user);
    const publication = screen.getByRole('group', { name: 'Publication' });
    expect(within(publication).getByRole('radio', { name: 'Publish now' })).toBeChecked();
    expect(within(publication).getByRole('radio', { name: 'Draft' })).not.toBeChecked();
    expect(screen.queryByLabelText(/^Publish on/)).not.toBeInTheDocument();
    // A preview link needs a saved post: only the edit screen offers one.
    expect(screen.queryByRole('button', { name: 'Get a preview link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.create')).toBe(true));
    expect(sent(calls, 'posts.create')).toBe('now');
  });

  it('sends a Draft as null', async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, {
      answers: { 'categories.list': () => CATEGORIES, 'posts.create': () => ({ status: 200, id: 9 }) },
    });
    await fillNewPost(user);
    await user.click(screen.getByRole('radio', { name: 'Draft' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.create')).toBe(true));
    expect(sent(calls, 'posts.create')).toBeNull();
  });

  it("asks for Publish on in the site's time zone when scheduling, refuses an empty or past time and sends a future one with +07:00", async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, {
      answers: { 'categories.list': () => CATEGORIES, 'posts.create': () => ({ status: 200, id: 9 }) },
    });
    await fillNewPost(user);
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(publishOn()).toHaveAttribute('type', 'datetime-local');
    expect(publishOn()).toHaveAccessibleDescription('The site’s time: Asia/Ho_Chi_Minh (UTC+07:00).');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose the date and time to publish on')).toBeInTheDocument();
    expect(publishOn()).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(publishOn(), { target: { value: '2020-01-02T08:30' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a time in the future')).toBeInTheDocument();
    expect(savingCalls(calls)).toEqual(['categories.list']);

    fireEvent.change(publishOn(), { target: { value: '2030-01-02T08:30' } });
    await waitFor(() => expect(screen.queryByText('Choose a time in the future')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.create')).toBe(true));
    const publishedAt = sent(calls, 'posts.create') as string;
    expect(publishedAt).toMatch(/\+07:00$/);
    expect(new Date(publishedAt).toISOString()).toBe('2030-01-02T01:30:00.000Z');
  });

  it('shows a published post as Published on its date, in the site’s time, and sends now to keep that date', async () => {
    const { user, calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: editAnswers({ ...POST, published_at: '2025-01-05T10:00:00.000Z' }),
    });
    const published = await screen.findByRole('radio', { name: 'Published on January 05, 2025 at 17:00' });
    expect(published).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Publish now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a preview link' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.update')).toBe(true));
    expect(sent(calls, 'posts.update')).toBe('now');
  });

  it('starts a scheduled post on Schedule with its time in the site’s time zone, and sends that same instant back', async () => {
    const { user, calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: editAnswers({ ...POST, published_at: '2030-01-02T01:30:00.000Z' }),
    });
    expect(await screen.findByRole('radio', { name: 'Schedule' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Publish now' })).not.toBeChecked();
    expect(publishOn()).toHaveValue('2030-01-02T08:30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.update')).toBe(true));
    expect(new Date(sent(calls, 'posts.update') as string).toISOString()).toBe('2030-01-02T01:30:00.000Z');
  });

  it('starts a draft on Draft', async () => {
    renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: editAnswers({ ...POST, published_at: null }),
    });
    expect(await screen.findByRole('radio', { name: 'Draft' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Publish now' })).not.toBeChecked();
    expect(screen.queryByLabelText(/^Publish on/)).not.toBeInTheDocument();
  });
});

describe('Languages and translations', () => {
  const STORY_VI = category(3, 'Câu chuyện', 'cau-chuyen', { language: 'vi' });
  const PAIRED = [
    category(1, 'Story', 'story', { translations: [translationLink(3, 'vi', 'Câu chuyện')] }),
    category(2, 'Tiếng Anh', 'tieng-anh'),
    { ...STORY_VI, translations: [translationLink(1, 'en', 'Story')] },
  ];
  const VERSION = {
    id: 8,
    language: 'vi' as const,
    title: 'Học tiếng Anh (vi)',
    slug: 'hoc-tieng-anh',
    state: 'draft' as const,
  };
  const editAt = (post: AdminPost, answers: Record<string, (input: unknown) => unknown> = {}) =>
    renderAdmin(<EditPostPage />, {
      path: `/admin/edit-post/${post.id}`,
      route: '/admin/edit-post/:id',
      answers: { 'categories.list': () => PAIRED, 'posts.adminById': () => post, ...answers },
    });
  const categoryOptions = () =>
    within(screen.getByLabelText(/Category ID/))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it("writes a new post in the site's default language, offering that language's categories only; another language takes the category's pair", async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, {
      answers: {
        'siteInfo.list': () => [{ ...SITE_IDENTITY_DEFAULTS, default_language: 'vi', languages: ['en', 'vi'] }],
        'categories.list': () => PAIRED,
        'posts.create': () => ({ status: 200, id: 9 }),
      },
    });
    const language = await screen.findByLabelText('Language');
    expect(language).toHaveValue('vi');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Tiếng Việt']);
    expect(categoryOptions()).toEqual(['Chọn hạng mục', 'Câu chuyện']);
    await user.selectOptions(screen.getByLabelText(/Category ID/), 'Câu chuyện');
    await user.selectOptions(language, 'English');
    expect(categoryOptions()).toEqual(['Chọn hạng mục', 'Story', 'Tiếng Anh']);
    expect(screen.getByLabelText(/Category ID/)).toHaveValue('1');
    await user.type(screen.getByLabelText(/^Title/), 'Hello');
    await user.type(screen.getByLabelText(/^Meta Title/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.create')).toBe(true));
    expect(calls.find((call) => call.path === 'posts.create')?.input).toMatchObject({ language: 'en', category_id: 1 });
  });

  it('shows the linked version with its state, opens it, and unlinks it', async () => {
    let post: AdminPost = { ...POST, translations: [VERSION] };
    const { user, calls } = editAt(post, {
      'posts.adminById': () => post,
      'posts.unlinkTranslation': () => {
        post = { ...post, translations: [] };
        return { status: 200 };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Translations' });
    expect(panel).toHaveTextContent('Vietnamese Học tiếng Anh (vi) draft');
    expect(within(panel).getByRole('link', { name: 'Edit Học tiếng Anh (vi)' })).toHaveAttribute(
      'href',
      '/admin/edit-post/8',
    );
    await user.click(within(panel).getByRole('button', { name: 'Unlink Học tiếng Anh (vi)' }));
    expect(await screen.findByText('Học tiếng Anh (vi) is no longer linked as a translation.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls.find((call) => call.path === 'posts.unlinkTranslation')?.input).toEqual({ id: 8 });
    expect(await within(panel).findByRole('button', { name: 'Create the Vietnamese version' })).toBeInTheDocument();
  });

  it('creates the Vietnamese version and opens the new draft; a refusal says why and stays', async () => {
    let refuse = true;
    const { user, calls } = editAt(POST, {
      'posts.translate': () => {
        if (refuse) {
          throw trpcError('CONFLICT', 409, 'Its translation group has a post in this language already', [
            { field: 'language', message: 'Its translation group has a post in this language already' },
          ]);
        }
        return { ...POST, id: 12, language: 'vi', translations: [] };
      },
    });
    const create = await screen.findByRole('button', { name: 'Create the Vietnamese version' });
    await user.click(create);
    expect(await screen.findByText('Its translation group has a post in this language already')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/edit-post/7');

    refuse = false;
    await user.click(create);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/edit-post/12'));
    expect(await screen.findByText('The Vietnamese version has been created as a draft.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls.filter((call) => call.path === 'posts.translate').map((call) => call.input)).toEqual([
      { id: 7, language: 'vi' },
      { id: 7, language: 'vi' },
    ]);
  });

  it('links an existing Vietnamese post, offering only those without an English version; a refusal names why', async () => {
    const { user, calls } = editAt(POST, {
      'posts.adminList': () => ({
        rows: [
          {
            ...POST,
            id: 20,
            language: 'vi',
            title: 'Đã có bản tiếng Anh',
            translations: [{ ...VERSION, id: 21, language: 'en' }],
          },
          { ...POST, id: 22, language: 'vi', title: 'Hà Giang', translations: [] },
        ],
        total: 2,
      }),
      'posts.linkTranslation': () => {
        throw trpcError('CONFLICT', 409, 'A translation group would have two posts in one language', [
          { field: 'translation_id', message: 'A translation group would have two posts in one language' },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Link an existing post' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a Vietnamese post by title' }), 'hà');
    // Asked once typing pauses: never for the first key alone.
    const searches = () => calls.filter((call) => call.path === 'posts.adminList').map((call) => call.input);
    await waitFor(() => expect(searches().at(-1)).toEqual({ language: 'vi', q: 'hà' }));
    expect(searches()).not.toContainEqual({ language: 'vi', q: 'h' });
    await user.click(await screen.findByRole('button', { name: 'Link Hà Giang' }));
    expect(screen.queryByRole('button', { name: 'Link Đã có bản tiếng Anh' })).not.toBeInTheDocument();
    expect(await screen.findByText('A translation group would have two posts in one language')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(calls.find((call) => call.path === 'posts.linkTranslation')?.input).toEqual({ id: 7, translation_id: 22 });
  });
});
