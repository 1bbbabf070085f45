import { z } from 'zod';
import {
  okSchema,
  projectCardSchema,
  projectRedirectSchema,
  projectSchema,
  publicProjectSchema,
  restoredProjectSchema,
  savedSchema,
  trashedProjectSchema,
  trashEmptiedSchema,
} from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

/** The OpenAPI description of the projects' controllers (public and admin). */
export const projectsApi = describeRoutes('Projects', {
  'GET /api/projects': {
    summary: 'The visible projects of the portfolio, in the owner’s order',
    description:
      'Published projects, and scheduled ones whose time has come; `?stack=react` keeps those with that tag ' +
      '(normalised as stored tags are: trimmed, lower case, spaces as hyphens); `?service=web-design` keeps ' +
      'those that used the shown service of that slug. Both together keep the projects that match both. ' +
      'Each project names the shown services it used (`service_ids`).',
    answers: { 200: z.array(publicProjectSchema) },
  },
  'GET /api/projects/{slug}': {
    summary: 'A visible project by its slug',
    description:
      'A draft, hidden or still scheduled project answers 404, and so does a slug the project was renamed from: ' +
      '`GET /api/projects/{slug}/redirect` tells where that one leads.',
    answers: { 200: publicProjectSchema },
  },
  'GET /api/projects/{slug}/redirect': {
    summary: 'Where an old slug of a visible project leads now',
    answers: { 200: projectRedirectSchema },
  },
  'GET /api/searchProjects/{term}': {
    summary: 'The visible projects matching a search, best first',
    description:
      'The projects of the site search, beside `GET /api/searchPosts/{term}`: every word must match (the last one ' +
      'as a prefix) in the title, client, stack, summary or case study, accents ignored.',
    answers: { 200: z.array(projectCardSchema) },
  },
  'GET /api/admin/projects': {
    summary: 'Every project, drafts, scheduled and hidden ones too',
    answers: { 200: z.array(projectSchema) },
  },
  'GET /api/admin/projects/{id}': {
    summary: 'One project as the edit form reads it, with its `ETag`',
    answers: { 200: projectSchema },
  },
  'POST /api/admin/projects': {
    summary: 'Create a project (a slug left out is made from the title)',
    description: '`service_ids` naming a service that does not exist answers 400 naming `service_ids`.',
    answers: { 200: savedSchema },
    errors: [409, 429],
  },
  'PUT /api/admin/projects/order': {
    summary: 'Put the projects in order (every id out of the trash, once)',
    description:
      'Stores the owner’s order of the lists in one go: no project gets a new version, revision or webhook. ' +
      'An id left out, unknown, in the trash or named twice answers 400 naming `ids`, changing nothing.',
    answers: { 200: z.array(projectSchema) },
    errors: [429],
  },
  'PUT /api/admin/projects/{id}': {
    summary: 'Save a project',
    answers: { 200: savedSchema },
    errors: [409, 429],
    ifMatch: true,
  },
  'DELETE /api/admin/projects/{id}': {
    summary: 'Move a project to the trash',
    description:
      'It leaves the public reads and the admin list at once; `/api/trash/projects` restores it or deletes it ' +
      'for good, and it is purged for good after the trash retention, as a post.',
    answers: { 200: okSchema },
    errors: [429],
  },
  'GET /api/trash/projects': { summary: 'The trashed projects', answers: { 200: z.array(trashedProjectSchema) } },
  'POST /api/trash/projects/{id}/restore': {
    summary: 'Restore a trashed project (the slug it got back is answered)',
    answers: { 200: restoredProjectSchema },
  },
  'DELETE /api/trash/projects/{id}': {
    summary: 'Delete a trashed project for good (announced as project.deleted)',
    answers: { 200: okSchema },
  },
  'DELETE /api/trash/projects': { summary: 'Empty the trash of projects', answers: { 200: trashEmptiedSchema } },
});
