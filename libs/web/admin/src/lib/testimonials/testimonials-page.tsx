import { useState } from 'react';
import type { Language, Project, Testimonial } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { QueryView } from '../forms/query-view';
import { RowAction } from '../forms/row-action';
import { LABELS } from '../labels';
import { VersionsCell, withLanguageColumn } from '../languages/language-cell';
import { useSiteLanguages } from '../languages/site-languages';
import { useOrderedRows } from '../ordering/use-ordered-rows';
import { TestimonialForm } from './testimonial-form';
import { useTestimonialTranslations } from './testimonial-translations';

const TEXT = LABELS.testimonial;

/**
 * /admin/testimonials: every testimonial, hidden ones too, in the site's order, with add, edit and delete;
 * on a site of two languages, each one's language and versions.
 */
export function TestimonialsPage() {
  const testimonials = trpc.testimonials.adminList.useQuery(undefined, { staleTime: 0 });
  const projects = trpc.projects.adminList.useQuery();
  const site = useSiteLanguages();
  const [editing, setEditing] = useState<Testimonial | 'new' | null>(null);
  const setMessage = useActionNotice();
  const utils = trpc.useUtils();
  const remove = trpc.testimonials.delete.useMutation();
  const translations = useTestimonialTranslations(setEditing);

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
      <QueryView query={site}>
        {(languages) => (
          <QueryView query={projects}>
            {(projectRows) => (
              <>
                <QueryView query={testimonials}>
                  {(rows) => (
                    <TestimonialsTable
                      rows={rows}
                      projects={projectRows}
                      siteLanguages={languages.languages}
                      onEdit={setEditing}
                      onDelete={(row) => void deleteTestimonial(row)}
                    />
                  )}
                </QueryView>
                {editing && (
                  <TestimonialForm
                    key={editing === 'new' ? 'new' : editing.id}
                    testimonial={editing === 'new' ? undefined : editing}
                    projects={projectRows}
                    site={languages}
                    translations={translations}
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
        )}
      </QueryView>
    </section>
  );
}

function TestimonialsTable({
  rows,
  projects,
  siteLanguages,
  onEdit,
  onDelete,
}: {
  rows: Testimonial[];
  projects: Project[];
  siteLanguages: Language[];
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
  const bilingual = siteLanguages.length > 1;
  return (
    <>
      <p className="admin-field-hint">{LABELS.ordering.dragHint}</p>
      <AdminTable columns={bilingual ? withLanguageColumn(TEXT.columns) : TEXT.columns}>
        {ordered.list.map((testimonial, index) => (
          <tr key={testimonial.id} {...ordered.rowProps(index)}>
            <td>{ordered.moveButtons(index)}</td>
            <td>{testimonial.name}</td>
            <td>{testimonial.company || '—'}</td>
            <td>{titleOf(testimonial.project_id)}</td>
            <td>{testimonial.hidden ? LABELS.ordering.hidden : LABELS.ordering.shown}</td>
            {bilingual && (
              <td>
                <VersionsCell record={testimonial} siteLanguages={siteLanguages} />
              </td>
            )}
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
