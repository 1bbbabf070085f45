import { z } from 'zod';
import { okSchema, publicServiceSchema, serviceSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

/** The OpenAPI description of `PublicServicesController` and `ServicesController` (the rest is read from them). */
export const servicesApi = describeRoutes(
  'Services',
  {
    'GET /api/gst-services': {
      summary: "The shown services, in the owner's order",
      answers: { 200: z.array(publicServiceSchema) },
    },
    'GET /api/gst-services/{slug}': {
      summary: 'One shown service (404 for a hidden one)',
      answers: { 200: publicServiceSchema },
    },
    'GET /api/services': { summary: 'Every service, hidden ones too', answers: { 200: z.array(serviceSchema) } },
    'GET /api/services/{id}': {
      summary: 'One service, with its `ETag` for the `If-Match` of the next save',
      answers: { 200: serviceSchema },
    },
    'POST /api/services': { summary: 'Create a service', answers: { 200: serviceSchema }, errors: [409, 429] },
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
    'DELETE /api/services/{id}': { summary: 'Delete a service', answers: { 200: okSchema }, errors: [429] },
  },
  'What the owner offers: name, what is delivered, duration and a "from" price or "on request".',
);
