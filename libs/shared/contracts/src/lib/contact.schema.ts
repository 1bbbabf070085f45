import { z } from 'zod';
import { idSchema } from './params.schema';
import { textInput } from './text.schema';

export const CONTACT_LIMITS = { name: 200, email: 254, phone: 50, message: 5000 } as const;

/** A visitor's contact message: name, email and message required, phone optional. */
export const contactMessageInputSchema = z.object({
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
