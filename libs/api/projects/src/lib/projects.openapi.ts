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
import { describeRoutes, LANG_QUERY_DESCRIPTION as LANG } from '@blog/api/openapi';

/** The OpenAPI description of the projects' controllers (public and admin). */
export const projectsApi = describeRoutes('Projects', {
  'GET /api/projects': {
    summary: 'The visible projects of the portfolio, in the owner’s order',
    description:
      'Published projects, and scheduled ones whose time has come; `?stack=react` keeps those with that tag ' +
      '(normalised as stored tags are: trimmed, lower case, spaces as hyphens); `?service=web-design` keeps ' +
      'those that used the shown service of that slug. Both together keep the projects that match both. ' +
      'Each project names the shown services it used (`service_ids`) and its versions in the other languages that ' +
      `readers may read now (\`translations\`). ${LANG}`,
    answers: { 200: z.array(publicProjectSchema) },
    errors: [404],
  },
  'GET /api/projects/{slug}': {
    summary: 'A visible project by its slug',
    description:
      'A draft, hidden or still scheduled project answers 404, and so does a slug the project was renamed from: ' +
      '`GET /api/projects/{slug}/redirect` tells where that one leads. `translations`: its versions in the other ' +
      `languages that readers may read now. ${LANG}`,
    answers: { 200: publicProjectSchema },
  },
  'GET /api/projects/{slug}/redirect': {
    summary: 'Where an old slug of a visible project leads now',
    description: `Its current slug, language and address (\`path\`). ${LANG}`,
    answers: { 200: projectRedirectSchema },
  },
  'GET /api/searchProjects/{term}': {
    summary: 'The visible projects matching a search, best first',
    description:
      'The projects of the site search, beside `GET /api/searchPosts/{term}`: every word must match (the last one ' +
      `as a prefix) in the title, client, stack, summary or case study, accents ignored. ${LANG}`,
    answers: { 200: z.array(projectCardSchema) },
    errors: [404],
  },
  'GET /api/admin/projects': {
    summary: 'Every project, drafts, scheduled and hidden ones too',
    description:
      '`language`: the projects in that language; `missing_translation=true`: those with no version in some ' +
      'other language the site runs. Each names its translations and their states.',
    answers: { 200: z.array(projectSchema) },
  },
  'GET /api/admin/projects/{id}': {
    summary: 'One project as the edit form reads it, with its `ETag`',
    answers: { 200: projectSchema },
  },
  'POST /api/admin/projects': {
    summary: 'Create a project (a slug left out is made from the title)',
    description:
      '`language` left out is the site’s default. `service_ids` naming a service that does not exist, or one in ' +
      'another language than the project’s, answers 400 naming `service_ids`.',
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
  'POST /api/admin/projects/{id}/translations': {
    summary: "Create the project's version in another language: a linked draft pre-filled from it",
    description:
      'Under its slug unless that language has it; its services are their versions in that language (those ' +
      'without one left out), its related posts theirs where they have one. 400 naming `language` for its own ' +
      'language or one the site does not run; 409 when its group has that language already.',
    answers: { 201: projectSchema },
    errors: [409, 429],
  },
  'PUT /api/admin/projects/{id}/translations/{translation_id}': {
    summary: 'Link two projects as versions of each other',
    description: '409 naming `translation_id` when they share a language or a group would hold two of one language.',
    answers: { 200: projectSchema },
    errors: [409, 429],
  },
  'DELETE /api/admin/projects/{id}/translations': {
    summary: 'Take a project out of its translation group (a group of one left is dissolved)',
    answers: { 200: projectSchema },
    errors: [429],
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
