import { useState } from 'react';
import type { Category } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { AdminTable } from '../forms/admin-table';
import { FormMessage } from '../forms/form-message';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { CategoryForm } from './category-form';

export const confirmDeleteCategory = (name: string) => `Bạn có chắc muốn xoá hạng mục ${name} không?`;

/** /admin/view-category: the categories table with add, edit ('Sửa') and delete ('Xóa'). */
export function CategoriesPage() {
  const categories = trpc.categories.list.useQuery(undefined, { staleTime: 0 });
  const utils = trpc.useUtils();
  const remove = trpc.categories.delete.useMutation();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});

  const deleteCategory = async (category: Category) => {
    if (!window.confirm(confirmDeleteCategory(category.name))) return;
    setMessage({});
    try {
      await remove.mutateAsync({ id: category.id });
      utils.categories.list.setData(undefined, (rows) => rows?.filter((row) => row.id !== category.id));
      await utils.categories.links.invalidate();
      setMessage({ success: `The category ${category.name} has been deleted.` });
    } catch (failure) {
      setMessage({ error: (failure as Error).message || 'The category could not be deleted.' });
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
      <FormMessage error={message.error} success={message.success} />
      <QueryView query={categories}>
        {(rows) => (
          <>
            <AdminTable columns={['ID', 'Name', 'Slug', 'Last Updated At', 'Actions']}>
              {rows.map((category) => (
                <tr key={category.id}>
                  <td>{category.id}</td>
                  <td className="admin-truncate" title={category.name}>
                    {category.name}
                  </td>
                  <td>{category.slug}</td>
                  <td>{formatDateTime(category.updated_at)}</td>
                  <td>
                    <div className="admin-actions">
                      <RowAction label={'Sửa'} subject={category.name} onClick={() => setEditing(category)} />
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
          </>
        )}
      </QueryView>
      {editing && (
        <CategoryForm
          category={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setMessage({ success: `The category ${saved.name} has been saved.` });
          }}
        />
      )}
    </section>
  );
}
