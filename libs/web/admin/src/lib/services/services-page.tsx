import { useState } from 'react';
import type { Language, Service } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { QueryView } from '../forms/query-view';
import { RowAction } from '../forms/row-action';
import { LABELS } from '../labels';
import { VersionsCell, withLanguageColumn } from '../languages/language-cell';
import { useSiteLanguages } from '../languages/site-languages';
import { useOrderedRows } from '../ordering/use-ordered-rows';
import { ServiceForm } from './service-form';
import { useServiceTranslations } from './service-translations';

const TEXT = LABELS.service;

/** "From 15.000.000 đ · from 600 USD", or "On request": the price as the list shows it. */
export function priceLine(service: Pick<Service, 'price_vnd' | 'price_usd'>): string {
  if (service.price_vnd === null) return TEXT.fields.priceOnRequest;
  const vnd = `${service.price_vnd.toLocaleString('vi-VN')} đ`;
  return service.price_usd === null ? vnd : `${vnd} · ${service.price_usd.toLocaleString('en-US')} USD`;
}

/**
 * /admin/services: every service, hidden ones too, in the site's order, with add, edit and delete; on a
 * site of two languages, each one's language and versions.
 */
export function ServicesPage() {
  const services = trpc.services.adminList.useQuery(undefined, { staleTime: 0 });
  const site = useSiteLanguages();
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const setMessage = useActionNotice();
  const utils = trpc.useUtils();
  const remove = trpc.services.delete.useMutation();
  const translations = useServiceTranslations(setEditing);

  const deleteService = async (service: Service) => {
    if (!window.confirm(TEXT.confirmDelete(service.name))) return;
    setMessage({});
    try {
      await remove.mutateAsync({ id: service.id });
      await utils.services.invalidate();
      setMessage({ success: TEXT.deleted(service.name) });
    } catch (failure) {
      setMessage({ error: (failure as Error).message });
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.services}</h1>
      <div className="admin-toolbar">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing('new')}>
          {TEXT.add}
        </button>
      </div>
      <QueryView query={site}>
        {(languages) => (
          <>
            <QueryView query={services}>
              {(rows) => (
                <ServicesTable
                  rows={rows}
                  siteLanguages={languages.languages}
                  onEdit={setEditing}
                  onDelete={(row) => void deleteService(row)}
                />
              )}
            </QueryView>
            {editing && (
              <ServiceForm
                key={editing === 'new' ? 'new' : editing.id}
                service={editing === 'new' ? undefined : editing}
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
    </section>
  );
}

function ServicesTable({
  rows,
  siteLanguages,
  onEdit,
  onDelete,
}: {
  rows: Service[];
  siteLanguages: Language[];
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
}) {
  const utils = trpc.useUtils();
  const reorder = trpc.services.reorder.useMutation();
  const ordered = useOrderedRows({
    rows,
    nameOf: (service) => service.name,
    save: async (next) => {
      await reorder.mutateAsync({ ids: next.map((service) => service.id) });
      await utils.services.invalidate();
    },
  });
  if (rows.length === 0) return <p>{TEXT.none}</p>;
  const bilingual = siteLanguages.length > 1;
  return (
    <>
      <p className="admin-field-hint">{LABELS.ordering.dragHint}</p>
      <AdminTable columns={bilingual ? withLanguageColumn(TEXT.columns) : TEXT.columns}>
        {ordered.list.map((service, index) => (
          <tr key={service.id} {...ordered.rowProps(index)}>
            <td>{ordered.moveButtons(index)}</td>
            <td>{service.name}</td>
            <td>{priceLine(service)}</td>
            <td>{service.duration || '—'}</td>
            <td>{service.hidden ? LABELS.ordering.hidden : LABELS.ordering.shown}</td>
            {bilingual && (
              <td>
                <VersionsCell record={service} siteLanguages={siteLanguages} />
              </td>
            )}
            <td>
              <div className="admin-actions">
                <RowAction label={LABELS.edit} subject={service.name} onClick={() => onEdit(service)} />
                <RowAction label={LABELS.delete} subject={service.name} danger onClick={() => onDelete(service)} />
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
