import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.schema';
import { idSchema } from './params.schema';
import { textInput } from './text.schema';

/** A user as administrators see it (never the password hash). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  is_admin: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

const nameSchema = textInput({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(200);
const isAdminSchema = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((value) => value === 1 || value === true);

export const userCreateInputSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** Least privilege: a user is an administrator only when the request says so. */
  is_admin: isAdminSchema.default(false),
});
export type UserCreateInput = z.input<typeof userCreateInputSchema>;

/** Every field optional: what is absent stays as it is; a password only when it changes. */
export const userUpdateInputSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  password: newPasswordSchema.optional(),
  is_admin: isAdminSchema.optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateInputSchema>;
/** tRPC `users.update`: the id beside the fields of `PUT /api/users/{id}`. */
export const userUpdateByIdInputSchema = userUpdateInputSchema.extend({ id: idSchema });
