import { useState } from 'react';
import type { Category } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { serverMessageOf } from '../forms/server-errors';
import { LanguageCell } from '../languages/language-cell';
import { otherLanguagesOf, useSiteLanguages } from '../languages/site-languages';
import { CategoryForm } from './category-form';
import { LinkCategoryDialog } from './link-category-dialog';

const languageLabels = LABELS.languages;

/** The spec's question; when posts of the category are in the trash, it says that they go with it. */
export function confirmDeleteCategory(name: string, trashed = 0): string {
  const question = `Bạn có chắc muốn xoá hạng mục ${name} không?`;
  if (trashed === 0) return question;
  const posts = trashed === 1 ? 'Its post in the Trash is' : `Its ${trashed} posts in the Trash are`;
  return `${question}\n\n${posts} deleted for good with it.`;
}

/**
 * /admin/view-category: the categories table with add, edit ('Sửa') and delete ('Xóa'), each category's
 * language and its translation in the other language, paired by Link and separated by Unlink.
 */
export function CategoriesPage() {
  const categories = trpc.categories.list.useQuery(undefined, { staleTime: 0 });
  const siteLanguages = useSiteLanguages();
  const utils = trpc.useUtils();
  const remove = trpc.categories.delete.useMutation();
  const unlink = trpc.categories.unlinkTranslation.useMutation();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [linking, setLinking] = useState<Category | null>(null);
  const setMessage = useActionNotice();

  const deleteCategory = async (category: Category) => {
    setMessage({});
    try {
      // A category's posts in the trash are deleted with it: the confirmation says how many.
      const trashed = (await utils.trash.list.fetch()).filter((post) => post.category_id === category.id).length;
      if (!window.confirm(confirmDeleteCategory(category.name, trashed))) return;
      await remove.mutateAsync({ id: category.id });
      utils.categories.list.setData(undefined, (rows) => rows?.filter((row) => row.id !== category.id));
      await Promise.all([utils.categories.links.invalidate(), utils.trash.list.invalidate()]);
      setMessage({ success: `The category ${category.name} has been deleted.` });
    } catch (failure) {
      setMessage({ error: (failure as Error).message || 'The category could not be deleted.' });
    }
  };

  const unlinkCategory = async (category: Category) => {
    setMessage({});
    try {
      await unlink.mutateAsync({ id: category.id });
      await Promise.all([utils.categories.list.invalidate(), utils.categories.links.invalidate()]);
      setMessage({ success: languageLabels.unlinked(category.name) });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.categories}</h1>
      <div className="admin-toolbar">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing('new')}>
          Add new category
        </button>
      </div>
      <QueryView query={siteLanguages}>
        {(site) => (
          <QueryView query={categories}>
            {(rows) => (
              <>
                <AdminTable
                  columns={[
                    'ID',
                    'Name',
                    'Slug',
                    'Last Updated At',
                    LABELS.category.subscribableColumn,
                    languageLabels.language,
                    'Actions',
                  ]}
                >
                  {rows.map((category) => (
                    <tr key={category.id}>
                      <td>{category.id}</td>
                      <td className="admin-truncate" title={category.name}>
                        {category.name}
                      </td>
                      <td>{category.slug}</td>
                      <td>{formatDateTime(category.updated_at)}</td>
                      <td>{category.subscribable ? LABELS.category.yes : LABELS.category.no}</td>
                      <td>
                        <LanguageCell
                          language={category.language}
                          versions={category.translations.map((pair) =>
                            languageLabels.translationState(pair.language, pair.title),
                          )}
                        />
                      </td>
                      <td>
                        <div className="admin-actions">
                          <RowAction label={'Sửa'} subject={category.name} onClick={() => setEditing(category)} />
                          {otherLanguagesOf(category, site.languages).length > category.translations.length && (
                            <RowAction
                              label={languageLabels.link}
                              subject={category.name}
                              onClick={() => setLinking(category)}
                            />
                          )}
                          {category.translations.length > 0 && (
                            <RowAction
                              label={languageLabels.unlink}
                              subject={category.name}
                              onClick={() => void unlinkCategory(category)}
                            />
                          )}
                          <RowAction
                            label={'Xóa'}
                            subject={category.name}
                            danger
                            onClick={() => void deleteCategory(category)}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </AdminTable>
                {rows.length === 0 && <p>No categories yet.</p>}
                {editing && (
                  <CategoryForm
                    category={editing === 'new' ? undefined : editing}
                    site={site}
                    onCancel={() => setEditing(null)}
                    onSaved={(saved) => {
                      setEditing(null);
                      setMessage({ success: `The category ${saved.name} has been saved.` });
                    }}
                  />
                )}
                {linking && (
                  <LinkCategoryDialog
                    category={linking}
                    categories={rows}
                    onCancel={() => setLinking(null)}
                    onLinked={(pair) => {
                      setLinking(null);
                      setMessage({ success: languageLabels.linked(pair.name) });
                    }}
                  />
                )}
              </>
            )}
          </QueryView>
        )}
      </QueryView>
    </section>
  );
}
