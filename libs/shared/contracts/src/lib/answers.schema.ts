import { z } from 'zod';

/** The spec's answer to a successful write: only status 200 counts. */
export const okSchema = z.object({ status: z.literal(200) });
export type Ok = z.infer<typeof okSchema>;
export const OK: Ok = { status: 200 };

/** The answer to a saved post, About or General info record: the spec's status and the record's id. */
export const savedSchema = z.object({ status: z.literal(200), id: z.number().int() });
export type Saved = z.infer<typeof savedSchema>;
