import { useLocation } from 'react-router-dom';
import { INQUIRY_QUERY, INQUIRY_TOPIC_KINDS, sitePathOf, type InquiryTopicKind } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useReadLanguage } from '../i18n/language-context';

/** What a contact form's message is about (a project or service the public can read) and the page it is sent from. */
export interface Inquiry {
  topic: { kind: InquiryTopicKind; slug: string; title: string } | null;
  /** A path of this site: the page the visitor came from, else the form's own page. */
  from: string;
}

const notFoundIsNoTopic = { retry: false, staleTime: 60_000 } as const;

/**
 * The inquiry the page's address names (`/contact?project=homestay&from=/portfolio/homestay`): its
 * project or service in the page's language, read as the public reads it, so that an unknown or hidden
 * one is no topic (the plain form); `from` kept only when it is a path of this site.
 */
export function useInquiry(): Inquiry {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const kind = INQUIRY_TOPIC_KINDS.find((name) => query.get(name));
  const slug = kind ? (query.get(kind) ?? '') : '';
  // A slug is unique per language.
  const lang = useReadLanguage();
  const project = trpc.projects.bySlug.useQuery({ slug, lang }, { ...notFoundIsNoTopic, enabled: kind === 'project' });
  const service = trpc.services.bySlug.useQuery({ slug, lang }, { ...notFoundIsNoTopic, enabled: kind === 'service' });
  const title = kind === 'project' ? project.data?.title : kind === 'service' ? service.data?.name : undefined;
  return {
    topic: kind && title ? { kind, slug, title } : null,
    from: sitePathOf(query.get(INQUIRY_QUERY.from) ?? '') ?? pathname,
  };
}
