import { z } from 'zod';
import { idSchema } from './params.schema';
import { INQUIRY_TOPIC_KINDS, sitePathOf, SOURCE_PATH_MAX } from './inquiry';
import { STATS_SOURCES } from './stats';
import { textInput } from './text.schema';

export const CONTACT_LIMITS = { name: 200, email: 254, phone: 50, message: 5000 } as const;

/** An inquiry's project or service slug: blank is none. Any other is looked up (an unknown one is ignored). */
const topicSlugInput = textInput({ error: 'A project or service must be given as its slug' })
  .trim()
  .nullish()
  .transform((slug) => slug || undefined);

/**
 * A visitor's contact message: name, email and message required, phone optional. An inquiry also
 * names what it is about (`project` or `service`, a slug: one of them at most) and the page it was
 * sent from (`from`), a path of this site: anything else (another site, no path, too long) is
 * dropped, as a hint that cannot be trusted is never a reason to lose the message.
 */
export const contactMessageInputSchema = z
  .object({
    name: textInput({ error: 'Name is required' })
      .trim()
      .min(1, { error: 'Name is required' })
      .max(CONTACT_LIMITS.name, { error: `Name must be at most ${CONTACT_LIMITS.name} characters` }),
    email: textInput({ error: 'Email is required' })
      .trim()
      .min(1, { error: 'Email is required' })
      .max(CONTACT_LIMITS.email, { error: `Email must be at most ${CONTACT_LIMITS.email} characters` })
      .pipe(z.email({ error: 'Email must be a valid e-mail address' })),
    phone: textInput({ error: 'Phone must be text' })
      .trim()
      .max(CONTACT_LIMITS.phone, { error: `Phone must be at most ${CONTACT_LIMITS.phone} characters` })
      .nullish()
      .transform((phone) => phone ?? ''),
    message: textInput({ error: 'Message is required' })
      .trim()
      .min(1, { error: 'Message is required' })
      .max(CONTACT_LIMITS.message, {
        error: `Message must be at most ${CONTACT_LIMITS.message} characters`,
      }),
    project: topicSlugInput,
    service: topicSlugInput,
    from: textInput({ error: 'from must be a path of this site' })
      .nullish()
      .transform((path) => (path ? sitePathOf(path.trim()) : null)),
  })
  .refine((message) => !(message.project && message.service), {
    path: ['service'],
    error: 'A message is about one project or one service, not both',
  });
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
export type ContactMessage = z.output<typeof contactMessageInputSchema>;

/** A contact message in the admin inbox. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  /** What an inquiry is about, its title as it was when sent (it reads the same after a rename); null for a plain message. */
  topic: z.object({ kind: z.enum(INQUIRY_TOPIC_KINDS), slug: z.string(), title: z.string() }).nullable(),
  /** The page of this site it was sent from (`/`, `/contact`, `/portfolio/homestay`); null before this was recorded. */
  source_path: z.string().nullable(),
  /** Where the visit that sent it came from (first-party analytics); null when not known. */
  visit_source: z.object({ source: z.enum(STATS_SOURCES), name: z.string().nullable() }).nullable(),
});
export type ContactMessageRow = z.infer<typeof contactMessageSchema>;

/** The optional body of `PUT /api/messages/{id}/read`: no body marks the message read. */
export const messageReadBodySchema = z
  .object({ read: z.boolean({ error: 'read must be true or false' }).default(true) })
  .optional()
  .transform((body) => body?.read ?? true);
/** tRPC `contact.markRead`. */
export const messageMarkReadInputSchema = z.object({
  id: idSchema,
  read: z.boolean({ error: 'read must be true or false' }).default(true),
});

/**
 * The inbox's filters (`GET /api/messages`, tRPC `contact.list`), each optional: `topic`, the kind of
 * inquiry (`project`, `service`; `none` for plain messages); `slug` with it, one project or service;
 * `from`, the page it was sent from.
 */
export const messagesQuerySchema = z
  .object({
    topic: z.enum([...INQUIRY_TOPIC_KINDS, 'none'], { error: 'topic must be project, service or none' }).optional(),
    slug: textInput({ error: 'slug must be text' }).trim().min(1).max(200).optional(),
    from: textInput({ error: 'from must be a path of this site' }).trim().min(1).max(SOURCE_PATH_MAX).optional(),
  })
  .refine((query) => !query.slug || (query.topic && query.topic !== 'none'), {
    path: ['slug'],
    error: 'slug filters a topic: give topic=project or topic=service with it',
  });
export type MessagesQuery = z.output<typeof messagesQuerySchema>;
