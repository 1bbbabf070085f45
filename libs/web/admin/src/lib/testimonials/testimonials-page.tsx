import { useState } from 'react';
import type { Project, Testimonial } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { QueryView } from '../forms/query-view';
import { RowAction } from '../forms/row-action';
import { LABELS } from '../labels';
import { useOrderedRows } from '../ordering/use-ordered-rows';
import { TestimonialForm } from './testimonial-form';

const TEXT = LABELS.testimonial;

/** /admin/testimonials: every testimonial, hidden ones too, in the site's order, with add, edit and delete. */
export function TestimonialsPage() {
  const testimonials = trpc.testimonials.adminList.useQuery(undefined, { staleTime: 0 });
  const projects = trpc.projects.adminList.useQuery();
  const [editing, setEditing] = useState<Testimonial | 'new' | null>(null);
  const setMessage = useActionNotice();
  const utils = trpc.useUtils();
  const remove = trpc.testimonials.delete.useMutation();

  const deleteTestimonial = async (testimonial: Testimonial) => {
    if (!window.confirm(TEXT.confirmDelete(testimonial.name))) return;
    setMessage({});
    try {
      await remove.mutateAsync({ id: testimonial.id });
      await utils.testimonials.invalidate();
      setMessage({ success: TEXT.deleted(testimonial.name) });
    } catch (failure) {
      setMessage({ error: (failure as Error).message });
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.testimonials}</h1>
      <div className="admin-toolbar">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing('new')}>
          {TEXT.add}
        </button>
      </div>
      <QueryView query={projects}>
        {(projectRows) => (
          <>
            <QueryView query={testimonials}>
              {(rows) => (
                <TestimonialsTable
                  rows={rows}
                  projects={projectRows}
                  onEdit={setEditing}
                  onDelete={(row) => void deleteTestimonial(row)}
                />
              )}
            </QueryView>
            {editing && (
              <TestimonialForm
                testimonial={editing === 'new' ? undefined : editing}
                projects={projectRows}
                onCancel={() => setEditing(null)}
                onSaved={(saved) => {
                  setEditing(null);
                  setMessage({ success: TEXT.saved(saved.name) });
                }}
              />
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function TestimonialsTable({
  rows,
  projects,
  onEdit,
  onDelete,
}: {
  rows: Testimonial[];
  projects: Project[];
  onEdit: (testimonial: Testimonial) => void;
  onDelete: (testimonial: Testimonial) => void;
}) {
  const utils = trpc.useUtils();
  const reorder = trpc.testimonials.reorder.useMutation();
  const ordered = useOrderedRows({
    rows,
    nameOf: (testimonial) => testimonial.name,
    save: async (next) => {
      await reorder.mutateAsync({ ids: next.map((testimonial) => testimonial.id) });
      await utils.testimonials.invalidate();
    },
  });
  if (rows.length === 0) return <p>{TEXT.none}</p>;
  const titleOf = (id: number | null) => projects.find((project) => project.id === id)?.title ?? '—';
  return (
    <>
      <p className="admin-field-hint">{LABELS.ordering.dragHint}</p>
      <AdminTable columns={TEXT.columns}>
        {ordered.list.map((testimonial, index) => (
          <tr key={testimonial.id} {...ordered.rowProps(index)}>
            <td>{ordered.moveButtons(index)}</td>
            <td>{testimonial.name}</td>
            <td>{testimonial.company || '—'}</td>
            <td>{titleOf(testimonial.project_id)}</td>
            <td>{testimonial.hidden ? LABELS.ordering.hidden : LABELS.ordering.shown}</td>
            <td>
              <div className="admin-actions">
                <RowAction label={LABELS.edit} subject={testimonial.name} onClick={() => onEdit(testimonial)} />
                <RowAction
                  label={LABELS.delete}
                  subject={testimonial.name}
                  danger
                  onClick={() => onDelete(testimonial)}
                />
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
