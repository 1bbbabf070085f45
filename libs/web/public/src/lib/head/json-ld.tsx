import { serializeForScript } from '@blog/web/data';

/** Structured data for search engines (schema.org, as JSON-LD). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />;
}
