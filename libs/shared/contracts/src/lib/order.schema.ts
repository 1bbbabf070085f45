import { z } from 'zod';
import { idSchema } from './params.schema';

/** The most records an ordered list (services, testimonials) holds: a reorder names every one. */
export const ORDERED_LIST_MAX_ITEMS = 500;

/** The body of a reorder (`PUT /api/services/order`, …): every record's id, in the order wanted. */
export const orderInputSchema = z.object({
  ids: z
    .array(idSchema, { error: 'must be a list of ids' })
    .max(ORDERED_LIST_MAX_ITEMS, { error: `must hold at most ${ORDERED_LIST_MAX_ITEMS} ids` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not name an id twice' }),
});
export type OrderInput = z.output<typeof orderInputSchema>;
