import { z } from 'zod';
import { okSchema, publicTestimonialSchema, testimonialSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

/** The OpenAPI description of `PublicTestimonialsController` and `TestimonialsController` (the rest is read from them). */
export const testimonialsApi = describeRoutes(
  'Testimonials',
  {
    'GET /api/gst-testimonials': {
      summary: "The shown testimonials, in the owner's order",
      answers: { 200: z.array(publicTestimonialSchema) },
    },
    'GET /api/testimonials': {
      summary: 'Every testimonial, hidden ones too',
      answers: { 200: z.array(testimonialSchema) },
    },
    'GET /api/testimonials/{id}': {
      summary: 'One testimonial, with its `ETag` for the `If-Match` of the next save',
      answers: { 200: testimonialSchema },
    },
    'POST /api/testimonials': { summary: 'Create a testimonial', answers: { 200: testimonialSchema }, errors: [429] },
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
    'DELETE /api/testimonials/{id}': { summary: 'Delete a testimonial', answers: { 200: okSchema }, errors: [429] },
  },
  "Clients' words about the owner's work, each with the day the person agreed to be quoted.",
);
