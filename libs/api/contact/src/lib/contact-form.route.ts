import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  CONTACT_FIELDS,
  CONTACT_FORM_ID,
  CONTACT_FORM_PATHS,
  CONTACT_SENT_PARAM,
  splitLanguagePath,
  contactMessageInputSchema,
  INQUIRY_FIELDS,
  toFieldErrors,
  type ContactFormState,
} from '@blog/contracts';
import { asDomainError, HTTP_STATUS_OF, logUnexpectedError } from '@blog/api/core';
import { ContactService, senderOf } from './contact.service';

/** Answers with the page the form was sent from, rendered with the form as it was sent (`visitorPages`). */
export type SendFormPage = (
  req: Request,
  res: Response,
  next: NextFunction,
  page: { status: number; headers?: Record<string, string>; contactForm: ContactFormState },
) => void;

/** `/contact/` is `/contact`. */
const pathOf = (req: Request) => (req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path);

/** The fields as typed, each a string: whatever else a body holds (`name[a]=1`, a number in JSON) is none. */
function typedValues(body: unknown): ContactFormState['values'] {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const valueOf = (field: string) => (typeof fields[field] === 'string' ? (fields[field] as string) : '');
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, valueOf(field)])) as ContactFormState['values'];
}

/** An inquiry's hidden fields (`INQUIRY_FIELDS`), those sent as text. */
function inquiryValues(body: unknown): Record<string, string> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    INQUIRY_FIELDS.flatMap((field) => (typeof fields[field] === 'string' ? [[field, fields[field] as string]] : [])),
  );
}

/**
 * The contact form's door for a browser that sends it as an HTML form: before the page's JavaScript
 * has run, without it, or when it failed to load. `POST /` and `POST /contact` (`/vi`, `/vi/contact` in another language) with the fields
 * (`application/x-www-form-urlencoded`, an inquiry's hidden fields with them) are checked with the contract's schema and sent through
 * `ContactService.send`, as `POST /api/contact` and `contact.send` are (rate limits and mail alike;
 * the cross-site check and the body parser run before, as for every write). Sent: 303 back to the
 * page with `?sent=1`, which shows the thanks. Refused: the page again, with what was typed and the
 * errors (400, 429 with `Retry-After`, 503), never cached and never in the address.
 */
export function contactFormRoute(contact: ContactService, sendPage: SendFormPage): RequestHandler {
  return (req, res, next) => {
    const path = pathOf(req);
    // In every language: `/vi/contact` is the contact page as `/contact` is, and answers back to itself.
    if (req.method !== 'POST' || !CONTACT_FORM_PATHS.includes(splitLanguagePath(path).path)) return next();
    const values = typedValues(req.body);
    const refuse = (status: number, contactForm: Omit<ContactFormState, 'values'>, headers?: Record<string, string>) =>
      sendPage(req, res, next, { status, headers, contactForm: { values, ...contactForm } });

    const checked = contactMessageInputSchema.safeParse({ ...values, ...inquiryValues(req.body) });
    if (!checked.success) return refuse(400, { errors: toFieldErrors(checked.error.issues), refusal: 'invalid' });
    contact.send(checked.data, senderOf(req)).then(
      () => {
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(303, `${path}?${CONTACT_SENT_PARAM}=1#${CONTACT_FORM_ID}`);
      },
      (error: unknown) => {
        const refusal = asDomainError(error);
        if (refusal?.code === 'TOO_MANY_REQUESTS') {
          const retryAfterSeconds = Number(refusal.headers?.['Retry-After']) || undefined;
          return refuse(429, { errors: [], refusal: 'tooMany', retryAfterSeconds }, refusal.headers);
        }
        if (refusal?.code === 'BAD_REQUEST') return refuse(400, { errors: refusal.errors ?? [], refusal: 'invalid' });
        // The database out of reach (503): the visitor is told to send again, with the text kept.
        if (refusal) return refuse(HTTP_STATUS_OF[refusal.code], { errors: [], refusal: 'failed' }, refusal.headers);
        logUnexpectedError(req, error, `POST ${path} (contact form)`);
        refuse(500, { errors: [], refusal: 'failed' });
      },
    );
  };
}
