import { z } from 'zod';
import { okSchema, publicServiceSchema, serviceSchema } from '@blog/contracts';
import { describeRoutes, LANG_QUERY_DESCRIPTION as LANG } from '@blog/api/openapi';

/** The OpenAPI description of `PublicServicesController` and `ServicesController` (the rest is read from them). */
export const servicesApi = describeRoutes(
  'Services',
  {
    'GET /api/gst-services': {
      summary: "The shown services, in the owner's order",
      description: LANG,
      answers: { 200: z.array(publicServiceSchema) },
      errors: [404],
    },
    'GET /api/gst-services/{slug}': {
      summary: 'One shown service (404 for a hidden one)',
      description: LANG,
      answers: { 200: publicServiceSchema },
    },
    'GET /api/services': {
      summary: 'Every service, hidden ones too',
      description:
        '`language`: the services in that language; `missing_translation=true`: those with no version in some ' +
        'other language the site runs. Each names its translations and their states.',
      answers: { 200: z.array(serviceSchema) },
    },
    'GET /api/services/{id}': {
      summary: 'One service, with its `ETag` for the `If-Match` of the next save',
      answers: { 200: serviceSchema },
    },
    'POST /api/services': {
      summary: 'Create a service',
      description: '`language` left out is the site’s default.',
      answers: { 200: serviceSchema },
      errors: [409, 429],
    },
    'PUT /api/services/order': {
      summary: 'Put the services in order (every id, once)',
      answers: { 200: z.array(serviceSchema) },
      errors: [429],
    },
    'PUT /api/services/{id}': {
      summary: 'Save a service',
      answers: { 200: serviceSchema },
      errors: [409, 429],
      ifMatch: true,
    },
    'POST /api/services/{id}/translations': {
      summary: "Create the service's version in another language: a linked hidden copy",
      description:
        'Hidden until the owner shows it; under its slug unless that language has it. 400 naming `language` for its ' +
        'own language or one the site does not run; 409 when its group has that language already.',
      answers: { 201: serviceSchema },
      errors: [409, 429],
    },
    'PUT /api/services/{id}/translations/{translation_id}': {
      summary: 'Link two services as versions of each other',
      description: '409 naming `translation_id` when they share a language or a group would hold two of one language.',
      answers: { 200: serviceSchema },
      errors: [409, 429],
    },
    'DELETE /api/services/{id}/translations': {
      summary: 'Take a service out of its translation group (a group of one left is dissolved)',
      answers: { 200: serviceSchema },
      errors: [429],
    },
    'DELETE /api/services/{id}': { summary: 'Delete a service', answers: { 200: okSchema }, errors: [429] },
  },
  'What the owner offers: name, what is delivered, duration and a "from" price or "on request".',
);
