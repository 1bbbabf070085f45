import { LANGUAGE_NAMES, SOCIAL_NETWORKS, type Category, type Project, type SiteIdentityField } from '@blog/contracts';
import type { GeneralInfoFormValues } from '../general-info/general-info-page';
import { LABELS } from '../labels';
import type { PostFormValues } from '../posts/post-form';
import type { ProjectFormValues } from '../projects/project-form';
import type { ServiceFormValues } from '../services/service-form';
import type { TestimonialFormValues } from '../testimonials/testimonial-form';
import { htmlToText, plainText, type FieldText } from './text-diff';

const text = (key: string, label: string, value: string | null | undefined): FieldText => ({
  key,
  label,
  text: plainText(value ?? ''),
});
const html = (key: string, label: string, value: string | null | undefined): FieldText => ({
  key,
  label,
  text: htmlToText(value ?? ''),
});

/** A post form's values as the owner reads them: the language and the category by name, rich text as text, Hide and the publication in words. */
export function describePost(values: PostFormValues, categories: Category[]): FieldText[] {
  const publication = LABELS.post.publication;
  const category = categories.find((row) => String(row.id) === String(values.category_id));
  const when =
    values.publication === 'draft'
      ? publication.draft
      : values.publication === 'scheduled'
        ? `${publication.schedule} ${values.publish_at ?? ''}`.trim()
        : publication.published;
  return [
    text('language', LABELS.languages.language, values.language && LANGUAGE_NAMES[values.language]),
    text('category_id', 'Category', category?.name ?? String(values.category_id ?? '')),
    text('title', 'Title', values.title),
    text('slug', 'Slug', values.slug),
    html('content', 'Content', values.content),
    html('short_content', 'Short Content', values.short_content),
    text('thumbnail', 'Thumbnail', values.thumbnail),
    text('thumbnail_alt', LABELS.post.thumbnailAlt, values.thumbnail_alt),
    text('meta_title', 'Meta Title', values.meta_title),
    text('meta_description', 'Meta Description', values.meta_description),
    text('meta_keywords', 'Meta Keywords', values.meta_keywords),
    text('color', 'Color', values.color),
    text('price', 'Price', values.price),
    text('hidden', 'Hide', values.hidden ? 'Hidden' : 'Shown'),
    text('publication', publication.legend, when),
  ];
}

/** The About form's one field. */
export function describeAbout(values: { content: string }): FieldText[] {
  return [html('content', LABELS.content, values.content)];
}

/** The general information form's fields (images by file name). */
export function describeGeneralInfo(values: GeneralInfoFormValues): FieldText[] {
  const labels = LABELS.generalInfo;
  return [
    text('logo_1', labels.logo1, values.logo_1),
    text('logo_2', labels.logo2, values.logo_2),
    text('favicon', labels.favicon, values.favicon),
    ...(Object.entries(labels.identityFields) as Array<[SiteIdentityField, string]>).map(([field, label]) =>
      text(field, label, values[field]),
    ),
    text('hero_image', labels.heroImage, values.hero_image),
    text('email', labels.email, values.email),
    text('phone', labels.phone, values.phone),
    text('address', labels.address, values.address),
    ...SOCIAL_NETWORKS.map(({ field, network }) => text(field, network, values[field])),
    text('availability', labels.availabilityState, labels.availabilityStates[values.availability]),
    text('booked_until', labels.bookedUntil, values.availability === 'booked' ? values.booked_until : ''),
    text('availability_note', labels.availabilityNote, values.availability_note),
    text('sender_name', labels.senderName, values.sender_name),
    text('sender_address', labels.senderAddress, values.sender_address),
    text('comments_enabled', labels.commentsEnabled, values.comments_enabled ? 'Yes' : 'No'),
    text('comments_close_after_days', labels.commentsCloseAfterDays, String(values.comments_close_after_days)),
    text('comments_max_links', labels.commentsMaxLinks, String(values.comments_max_links)),
    text('comments_spam_threshold', labels.commentsSpamThreshold, String(values.comments_spam_threshold)),
    text('comments_block_list', labels.commentsBlockList, values.comments_block_list),
  ];
}

/** The category form's fields. */
export function describeCategory(values: {
  name: string;
  slug: string;
  description: string;
  subscribable: boolean;
}): FieldText[] {
  return [
    text('name', LABELS.category.name, values.name),
    text('slug', LABELS.category.slug, values.slug),
    text('description', LABELS.category.description, values.description),
    text('subscribable', LABELS.category.subscribable, values.subscribable ? LABELS.category.yes : LABELS.category.no),
  ];
}

const shownOrHidden = (hidden: boolean | undefined) => (hidden ? LABELS.ordering.hidden : LABELS.ordering.shown);

/** A service form's values as the owner reads them: the price in words. */
export function describeService(values: ServiceFormValues): FieldText[] {
  const fields = LABELS.service.fields;
  const price = values.on_request
    ? fields.priceOnRequest
    : [values.price_vnd && `${values.price_vnd} VND`, values.price_usd && `${values.price_usd} USD`]
        .filter(Boolean)
        .join(' / ');
  return [
    text('name', fields.name, values.name),
    text('slug', fields.slug, values.slug),
    text('summary', fields.summary, values.summary),
    text('deliverables', fields.deliverables, values.deliverables),
    text('duration', fields.duration, values.duration),
    text('price', fields.price, price),
    text('cover', fields.cover, values.cover),
    text('hidden', LABELS.ordering.hide, shownOrHidden(values.hidden)),
  ];
}

/** A testimonial form's values as the owner reads them: the project by its title. */
export function describeTestimonial(values: TestimonialFormValues, projects: Project[]): FieldText[] {
  const fields = LABELS.testimonial.fields;
  const project = projects.find((candidate) => String(candidate.id) === values.project_id);
  return [
    text('name', fields.name, values.name),
    text('role', fields.role, values.role),
    text('company', fields.company, values.company),
    text('photo', fields.photo, values.photo),
    text('quote', fields.quote, values.quote),
    text('project_id', fields.project, project?.title ?? fields.noProject),
    text('consented_on', fields.consentedOn, values.consented_on),
    text('source_url', fields.sourceUrl, values.source_url),
    text('hidden', LABELS.ordering.hide, shownOrHidden(values.hidden)),
  ];
}

/** A project form's values as the owner reads them: rich text as text, lists one item a line. */
export function describeProject(values: ProjectFormValues): FieldText[] {
  const fields = LABELS.project.fields;
  const publication = LABELS.post.publication;
  return [
    text('title', fields.title, values.title),
    text('slug', fields.slug, values.slug),
    text('client_name', fields.clientName, values.client_name),
    text('client_url', fields.clientUrl, values.client_url),
    text('years', `${fields.yearFrom} – ${fields.yearTo}`, `${values.year_from} – ${values.year_to}`),
    text('role', fields.role, values.role),
    text('team_size', fields.teamSize, values.team_size),
    text('stack', fields.stack, values.stack.join(', ')),
    text('live_url', fields.liveUrl, values.live_url),
    text('source_url', fields.sourceUrl, values.source_url),
    text('summary', fields.summary, values.summary),
    text('cover', fields.cover, values.cover),
    text('cover_alt', fields.coverAlt, values.cover_alt),
    text('gallery', fields.gallery, (values.gallery ?? []).map((image) => `${image.image} ${image.alt}`).join('\n')),
    html('problem', fields.problem, values.problem),
    html('approach', fields.approach, values.approach),
    html('outcome', fields.outcome, values.outcome),
    text('results', fields.results, (values.results ?? []).map((row) => `${row.label}: ${row.value}`).join('\n')),
    text('related_post_ids', fields.relatedPosts, values.related_post_ids.join(', ')),
    text('service_ids', fields.services, values.service_ids.join(', ')),
    text('featured', fields.featured, values.featured ? '✓' : ''),
    text('sort_order', fields.sortOrder, values.sort_order),
    text('meta_title', fields.metaTitle, values.meta_title),
    text('meta_description', fields.metaDescription, values.meta_description),
    text('hidden', LABELS.ordering.hide, shownOrHidden(values.hidden)),
    text('publication', publication.legend, `${values.publication} ${values.publish_at}`),
  ];
}
