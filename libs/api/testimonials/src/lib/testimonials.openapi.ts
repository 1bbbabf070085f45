import { z } from 'zod';
import { okSchema, publicTestimonialSchema, testimonialSchema } from '@blog/contracts';
import { describeRoutes, LANG_QUERY_DESCRIPTION as LANG } from '@blog/api/openapi';

/** The OpenAPI description of `PublicTestimonialsController` and `TestimonialsController` (the rest is read from them). */
export const testimonialsApi = describeRoutes(
  'Testimonials',
  {
    'GET /api/gst-testimonials': {
      summary: "The shown testimonials, in the owner's order",
      description: LANG,
      answers: { 200: z.array(publicTestimonialSchema) },
      errors: [404],
    },
    'GET /api/testimonials': {
      summary: 'Every testimonial, hidden ones too',
      description:
        '`language`: the testimonials in that language; `missing_translation=true`: those with no version in ' +
        'some other language the site runs. Each names its translations and their states.',
      answers: { 200: z.array(testimonialSchema) },
    },
    'GET /api/testimonials/{id}': {
      summary: 'One testimonial, with its `ETag` for the `If-Match` of the next save',
      answers: { 200: testimonialSchema },
    },
    'POST /api/testimonials': {
      summary: 'Create a testimonial',
      description:
        '`language` left out is the site’s default. `project_id` naming a project in another language answers 400 ' +
        'naming `project_id`.',
      answers: { 200: testimonialSchema },
      errors: [429],
    },
    'PUT /api/testimonials/order': {
      summary: 'Put the testimonials in order (every id, once)',
      answers: { 200: z.array(testimonialSchema) },
      errors: [429],
    },
    'PUT /api/testimonials/{id}': {
      summary: 'Save a testimonial',
      answers: { 200: testimonialSchema },
      errors: [429],
      ifMatch: true,
    },
    'POST /api/testimonials/{id}/translations': {
      summary: "Create the testimonial's version in another language: a linked hidden copy",
      description:
        'Hidden until the owner shows it; about the version of its project in that language (none when there is ' +
        'none). 400 naming `language` for its own language or one the site does not run; 409 when its group has ' +
        'that language already.',
      answers: { 201: testimonialSchema },
      errors: [409, 429],
    },
    'PUT /api/testimonials/{id}/translations/{translation_id}': {
      summary: 'Link two testimonials as versions of each other',
      description: '409 naming `translation_id` when they share a language or a group would hold two of one language.',
      answers: { 200: testimonialSchema },
      errors: [409, 429],
    },
    'DELETE /api/testimonials/{id}/translations': {
      summary: 'Take a testimonial out of its translation group (a group of one left is dissolved)',
      answers: { 200: testimonialSchema },
      errors: [429],
    },
    'DELETE /api/testimonials/{id}': { summary: 'Delete a testimonial', answers: { 200: okSchema }, errors: [429] },
  },
  "Clients' words about the owner's work, each with the day the person agreed to be quoted.",
);
