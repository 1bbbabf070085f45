import { screen, waitFor, within } from '@testing-library/react';
import type { Category } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { CategoriesPage, confirmDeleteCategory } from './categories-page';
import { category, translationLink } from '../../testing/category';

const STORY: Category = category(1, 'Story', 'story');
const POEM: Category = category(2, 'Poem', 'poem', { updated_at: '2025-01-06T10:00:00.000Z' });

describe('CategoriesPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the categories in the spec columns', async () => {
    renderAdmin(<CategoriesPage />, {
      answers: { 'categories.list': () => [STORY, { ...POEM, subscribable: false }] },
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Name', 'Slug', 'Last Updated At', 'Subscribable', 'Language', 'Actions']);
    expect(within(table).getByText('story')).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[2]).getByRole('cell', { name: 'No' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Sửa Story' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Xóa Poem' })).toBeInTheDocument();
  });

  it('creates a category with the slug filled from the name, folding Vietnamese letters, and a description', async () => {
    const created: Category = {
      version: 1,
      id: 3,
      name: 'Tiếng Anh cơ bản',
      slug: 'tieng-anh-co-ban',
      description: 'Bài học cho người mới bắt đầu.',
      subscribable: true,
      updated_at: STORY.updated_at,
      language: 'en',
      translations: [],
    };
    const { user, calls } = renderAdmin(<CategoriesPage />, {
      answers: { 'categories.list': () => [STORY], 'categories.create': () => created, 'categories.links': () => [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Add new category' }));
    const dialog = screen.getByRole('dialog', { name: 'Create new category' });
    expect(within(dialog).getByRole('tab', { name: 'Category Info' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Name/), 'Tiếng Anh cơ bản');
    expect(within(dialog).getByLabelText(/Slug/)).toHaveValue('tieng-anh-co-ban');
    const description = within(dialog).getByLabelText('Description');
    expect(description).toHaveAccessibleDescription(
      "Shown under the name on the home page's topic tiles (at most 300 characters).",
    );
    await user.type(description, 'Bài học cho người mới bắt đầu.');
    expect(within(dialog).getByRole('checkbox', { name: 'Readers may subscribe to this category' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tiếng Anh cơ bản has been saved');
    expect(calls.find((call) => call.path === 'categories.create')?.input).toEqual({
      name: 'Tiếng Anh cơ bản',
      slug: 'tieng-anh-co-ban',
      description: 'Bài học cho người mới bắt đầu.',
      subscribable: true,
      language: 'en',
    });
  });

  it("edits a category's description, refusing one over the limit before calling the server", async () => {
    const story = { ...STORY, description: 'Slow trips.' };
    const { user, calls } = renderAdmin(<CategoriesPage />, {
      answers: {
        'categories.list': () => [story],
        'categories.update': () => ({ ...story, description: 'Slow trips by bus.', version: 2 }),
        'categories.links': () => [],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Story' }));
    const dialog = screen.getByRole('dialog', { name: 'Update category' });
    const description = within(dialog).getByLabelText('Description');
    expect(description).toHaveValue('Slow trips.');
    await user.clear(description);
    await user.click(description);
    await user.paste('x'.repeat(301));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Description must be at most 300 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'categories.update')).toBe(false);

    await user.clear(description);
    await user.type(description, 'Slow trips by bus.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Readers may subscribe to this category' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Story has been saved');
    expect(calls.find((call) => call.path === 'categories.update')?.input).toMatchObject({
      id: 1,
      name: 'Story',
      slug: 'story',
      description: 'Slow trips by bus.',
      subscribable: false,
    });
  });

  it('edits with Update, keeping a hand-edited slug, and shows a taken slug on the field', async () => {
    const { user } = renderAdmin(<CategoriesPage />, {
      answers: {
        'categories.list': () => [STORY],
        'categories.update': () => {
          throw trpcError('CONFLICT', 409, 'Slug already used', [
            { field: 'slug', message: 'This slug is already used' },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Story' }));
    const dialog = screen.getByRole('dialog', { name: 'Update category' });
    expect(within(dialog).getByRole('tab', { name: 'Category Info' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Story');
    await user.type(within(dialog).getByLabelText(/Name/), ' time');
    expect(within(dialog).getByLabelText(/Slug/)).toHaveValue('story');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('This slug is already used')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Story time');
  });

  it('checks name and slug before calling the server', async () => {
    const { user, calls } = renderAdmin(<CategoriesPage />, { answers: { 'categories.list': () => [] } });
    await user.click(await screen.findByRole('button', { name: 'Add new category' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Slug/), 'Not OK!');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Slug may contain only a-z, 0-9 and single hyphens')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['categories.list']);
  });

  it('deletes after the Vietnamese confirmation and removes the row', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, calls } = renderAdmin(<CategoriesPage />, {
      answers: {
        'categories.list': () => [STORY, POEM],
        'categories.delete': () => ({ status: 200 }),
        'categories.links': () => [],
        'trash.list': () => [],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Poem' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Bạn có chắc muốn xoá hạng mục Poem không?'));
    await waitFor(() => expect(screen.queryByText('poem')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === 'categories.delete')?.input).toEqual({ id: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent('The category Poem has been deleted.');
  });

  it('says in the confirmation that the posts of the category in the Trash are deleted for good with it', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const inTrash = (id: number, category_id: number) => ({
      id,
      title: `Post ${id}`,
      slug: `post-${id}`,
      category_id,
      category_name: category_id === 1 ? 'Story' : 'Poem',
      deleted_at: '2025-01-07T10:00:00.000Z',
      purge_at: '2025-02-06T10:00:00.000Z',
    });
    const { user } = renderAdmin(<CategoriesPage />, {
      answers: {
        'categories.list': () => [STORY, POEM],
        'categories.delete': () => ({ status: 200 }),
        'categories.links': () => [],
        'trash.list': () => [inTrash(7, 2), inTrash(8, 1), inTrash(9, 2)],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Poem' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        'Bạn có chắc muốn xoá hạng mục Poem không?\n\nIts 2 posts in the Trash are deleted for good with it.',
      ),
    );
    expect(confirmDeleteCategory('Story', 1)).toBe(
      'Bạn có chắc muốn xoá hạng mục Story không?\n\nIts post in the Trash is deleted for good with it.',
    );
  });

  it('keeps the row and shows why when the delete is refused', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAdmin(<CategoriesPage />, {
      answers: {
        'categories.list': () => [STORY],
        'categories.delete': () => {
          throw trpcError('CONFLICT', 409, 'The category Story still has 3 posts');
        },
        'trash.list': () => [],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Story' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('still has 3 posts');
    expect(screen.getByText('story')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is declined', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, calls } = renderAdmin(<CategoriesPage />, {
      answers: { 'categories.list': () => [STORY], 'trash.list': () => [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Story' }));
    await waitFor(() => expect(window.confirm).toHaveBeenCalled());
    expect(calls.map((call) => call.path)).toEqual(['categories.list', 'trash.list']);
  });
});

describe('CategoriesPage languages', () => {
  const CHUYEN = category(3, 'Câu chuyện', 'cau-chuyen', { language: 'vi' });
  const THO = category(4, 'Thơ', 'tho', { language: 'vi', translations: [translationLink(2, 'en', 'Poem')] });
  const PAIRED_POEM = { ...POEM, translations: [translationLink(4, 'vi', 'Thơ')] };

  it("shows each category's language and pair, links one to a free category of the other language, and unlinks", async () => {
    let refuse = true;
    const { user, calls } = renderAdmin(<CategoriesPage />, {
      answers: {
        'categories.list': () => [STORY, PAIRED_POEM, CHUYEN, THO],
        'categories.links': () => [],
        'categories.linkTranslation': () => {
          if (!refuse) return { status: 200 };
          refuse = false;
          throw trpcError('CONFLICT', 409, 'A translation group would have two categories in one language', [
            { field: 'translation_id', message: 'A translation group would have two categories in one language' },
          ]);
        },
        'categories.unlinkTranslation': () => ({ status: 200 }),
      },
    });
    const table = await screen.findByRole('table');
    const languageOf = (index: number) => within(within(table).getAllByRole('row')[index]).getAllByRole('cell')[5];
    expect(languageOf(1)).toHaveTextContent(/^en$/);
    expect(languageOf(2)).toHaveTextContent('envi: Thơ');
    expect(within(table).queryByRole('button', { name: 'Link Poem' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Link Story' }));
    const dialog = screen.getByRole('dialog', { name: 'Link a translation of Story' });
    const choices = within(dialog).getByLabelText('Category to link');
    // Thơ is paired with Poem already: only Câu chuyện is free.
    expect(
      within(choices)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Câu chuyện (vi)']);
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A translation group would have two categories in one language',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Câu chuyện is linked as a translation.');
    expect(calls.filter((call) => call.path === 'categories.linkTranslation').at(-1)?.input).toEqual({
      id: 1,
      translation_id: 3,
    });

    await user.click(within(table).getByRole('button', { name: 'Unlink Poem' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Poem is no longer linked as a translation.');
    expect(calls.find((call) => call.path === 'categories.unlinkTranslation')?.input).toEqual({ id: 2 });
  });

  it("creates a category in the language chosen, and shows the server's refusal of it on the field", async () => {
    const { user, calls } = renderAdmin(<CategoriesPage />, {
      answers: {
        'categories.list': () => [STORY],
        'categories.create': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
            { field: 'language', message: 'The site does not run this language' },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add new category' }));
    const dialog = screen.getByRole('dialog', { name: 'Create new category' });
    expect(within(dialog).getByLabelText('Language')).toHaveValue('en');
    await user.type(within(dialog).getByLabelText(/Name/), 'Câu chuyện');
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'Tiếng Việt');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The site does not run this language')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Language')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.path === 'categories.create')?.input).toMatchObject({
      language: 'vi',
      slug: 'cau-chuyen',
    });
  });
});
