import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  SITE_ROUTES,
  sitePathOf,
  splitLanguagePath,
  SUBSCRIBE_FIELDS,
  SUBSCRIBE_FORM_ACTION,
  SUBSCRIBE_FORM_ID,
  SUBSCRIBE_HONEYPOT_FIELD,
  SUBSCRIBED_PARAM,
  SUBSCRIPTION_LINK_PARAMS,
  subscribeInputSchema,
  toFieldErrors,
  type SubscribeFormState,
} from '@blog/contracts';
import { asDomainError, logUnexpectedError } from '@blog/api/core';
import { clientAddress } from '@blog/api/security';
import { SubscriptionsService } from './subscriptions.service';

/** Answers with the page at the request's path, rendered with the form as it was sent (`visitorPages`). */
export type SendSubscribePage = (
  req: Request,
  res: Response,
  next: NextFunction,
  page: { status: number; headers?: Record<string, string>; subscribeForm: SubscribeFormState },
) => void;

/** The fields as typed: text fields as strings, `topics` as the ids ticked. */
function typedValues(body: unknown): SubscribeFormState['values'] {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (field: string) => (typeof fields[field] === 'string' ? (fields[field] as string) : '');
  const ticked = ([] as unknown[]).concat(fields['topics'] ?? []);
  const topics = ticked.filter((id): id is string => typeof id === 'string' && /^\d{1,9}$/.test(id)).map(Number);
  return {
    ...(Object.fromEntries(SUBSCRIBE_FIELDS.map((field) => [field, text(field)])) as { email: string; name: string }),
    topics,
  };
}

/**
 * The subscription forms sent as HTML forms (before or without JavaScript), as the contact form's door:
 * - `POST /subscribe` (e-mail, name, topics, honeypot, `language`, `from`: the page it was on) goes through
 *   `SubscriptionsService.subscribe` as the REST and tRPC doors do; sent: 303 back to `from` with
 *   `?subscribed=1`; refused: `/subscribe` rendered with what was typed and why (400, 429, 503);
 * - `POST /subscribe/confirm` (the token) confirms: 303 to the page with `?confirmed=1`, or `?invalid=1`.
 * Both under a language's prefix too (`/vi/subscribe`): the page answered is in that language.
 */
export function subscribeFormRoute(subscriptions: SubscriptionsService, sendPage: SendSubscribePage): RequestHandler {
  const confirmPath = SITE_ROUTES.pages.subscribeConfirm;
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { path } = splitLanguagePath(req.path);
    if (path === confirmPath) {
      const sent = body[SUBSCRIPTION_LINK_PARAMS.token];
      const token = typeof sent === 'string' ? sent : '';
      res.setHeader('Cache-Control', 'no-store');
      subscriptions.confirm(token).then(
        () => res.redirect(303, `${req.path}?${SUBSCRIPTION_LINK_PARAMS.confirmed}=1`),
        () => res.redirect(303, `${req.path}?${SUBSCRIPTION_LINK_PARAMS.invalid}=1`),
      );
      return;
    }
    if (path !== SUBSCRIBE_FORM_ACTION) return next();
    const values = typedValues(body);
    const back = (typeof body['from'] === 'string' && sitePathOf(body['from'])) || req.path;
    const refuse = (status: number, state: Omit<SubscribeFormState, 'values'>, headers?: Record<string, string>) =>
      sendPage(req, res, next, { status, headers, subscribeForm: { values, from: back, ...state } });
    const checked = subscribeInputSchema.safeParse({
      ...values,
      language: (typeof body['language'] === 'string' && body['language']) || undefined,
      [SUBSCRIBE_HONEYPOT_FIELD]:
        typeof body[SUBSCRIBE_HONEYPOT_FIELD] === 'string' ? body[SUBSCRIBE_HONEYPOT_FIELD] : '',
    });
    if (!checked.success) return refuse(400, { errors: toFieldErrors(checked.error.issues), refusal: 'invalid' });
    subscriptions.subscribe(checked.data, clientAddress(req)).then(
      () => {
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(303, `${back}?${SUBSCRIBED_PARAM}=1#${SUBSCRIBE_FORM_ID}`);
      },
      (error: unknown) => {
        const refusal = asDomainError(error);
        if (refusal?.code === 'TOO_MANY_REQUESTS') {
          const retryAfterSeconds = Number(refusal.headers?.['Retry-After']) || undefined;
          return refuse(429, { errors: [], refusal: 'tooMany', retryAfterSeconds }, refusal.headers);
        }
        if (refusal?.code === 'BAD_REQUEST') return refuse(400, { errors: refusal.errors ?? [], refusal: 'invalid' });
        if (refusal?.code === 'SERVICE_UNAVAILABLE' && refusal.message === subscriptions.mailNotSetUpMessage) {
          return refuse(503, { errors: [], refusal: 'unavailable' }, refusal.headers);
        }
        if (refusal) return refuse(503, { errors: [], refusal: 'failed' }, refusal.headers);
        logUnexpectedError(req, error, `POST ${req.path} (subscription form)`);
        refuse(500, { errors: [], refusal: 'failed' });
      },
    );
  };
}
