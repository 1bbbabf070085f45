import { Breadcrumb } from '@blog/web/ui';
import { JsonLd } from './json-ld';
import { useSiteOrigin } from './site-origin';
import { breadcrumbStructuredData, type BreadcrumbStep } from './structured-data';

/** The visible breadcrumb and the same steps as BreadcrumbList structured data. */
export function PageBreadcrumb({ steps }: { steps: BreadcrumbStep[] }) {
  const origin = useSiteOrigin();
  return (
    <>
      <Breadcrumb items={steps} />
      <JsonLd data={breadcrumbStructuredData(origin, steps)} />
    </>
  );
}
