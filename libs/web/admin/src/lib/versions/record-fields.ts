import { SOCIAL_NETWORKS, type Category, type SiteIdentityField } from '@blog/contracts';
import type { GeneralInfoFormValues } from '../general-info/general-info-page';
import { LABELS } from '../labels';
import type { PostFormValues } from '../posts/post-form';
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

/** A post form's values as the owner reads them: the category by name, rich text as text, Hide and the publication in words. */
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
  ];
}

/** The category form's fields. */
export function describeCategory(values: { name: string; slug: string; description: string }): FieldText[] {
  return [
    text('name', LABELS.category.name, values.name),
    text('slug', LABELS.category.slug, values.slug),
    text('description', LABELS.category.description, values.description),
  ];
}
