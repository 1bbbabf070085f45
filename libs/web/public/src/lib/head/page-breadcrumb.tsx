import { Breadcrumb } from '@blog/web/ui';
import { useLocalPath } from '../i18n/language-context';
import { JsonLd } from './json-ld';
import { useSiteOrigin } from './site-origin';
import { breadcrumbStructuredData, type BreadcrumbStep } from './structured-data';

/** The visible breadcrumb and the same steps as BreadcrumbList structured data; `to` unprefixed, in the page's language. */
export function PageBreadcrumb({ steps }: { steps: BreadcrumbStep[] }) {
  const origin = useSiteOrigin();
  const local = useLocalPath();
  const localSteps = steps.map((step) => ({ ...step, to: local(step.to) }));
  return (
    <>
      <Breadcrumb items={localSteps} />
      <JsonLd data={breadcrumbStructuredData(origin, localSteps)} />
    </>
  );
}
