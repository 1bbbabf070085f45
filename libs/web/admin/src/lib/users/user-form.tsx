import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, userCreateInputSchema, type User } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { Modal, ModalFormActions } from '../forms/modal';
import { applyServerErrors } from '../forms/server-errors';

const TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
const TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
const userFields = {
  name: userCreateInputSchema.shape.name,
  email: userCreateInputSchema.shape.email,
  is_admin: z.boolean(),
};

/** Adding a user: every field, the password included. */
export const addUserFormSchema = z.object({
  ...userFields,
  password: z
    .string()
    .min(1, { error: 'Password is required', abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: TOO_SHORT })
    .max(PASSWORD_MAX_LENGTH, { error: TOO_LONG }),
});
/** Editing a user: a blank password keeps the current one. */
export const editUserFormSchema = z.object({
  ...userFields,
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, { error: TOO_LONG })
    .refine((password) => password === '' || password.length >= PASSWORD_MIN_LENGTH, { error: TOO_SHORT }),
});
export type UserFormValues = z.input<typeof addUserFormSchema>;

const FIELDS = ['name', 'email', 'password', 'is_admin'] as const;

/** The add or edit modal: name, email, password (optional when editing) and the administrator flag. */
export function UserForm({
  user,
  onSaved,
  onCancel,
}: {
  user?: User;
  onSaved: (saved: User) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.users.create.useMutation();
  const update = trpc.users.update.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<UserFormValues>({
    resolver: zodResolver(user ? editUserFormSchema : addUserFormSchema),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      // Least privilege: a new user is an administrator only when the box is ticked.
      is_admin: user?.is_admin === 1,
    },
  });

  const onSubmit = handleSubmit(async ({ password, ...values }) => {
    setFormError(null);
    try {
      const saved = user
        ? await update.mutateAsync({ id: user.id, ...values, ...(password ? { password } : {}) })
        : await create.mutateAsync({ ...values, password });
      await utils.users.list.invalidate();
      onSaved(saved);
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, FIELDS));
    }
  });

  return (
    <Modal title={user ? `Edit user ${user.name}` : 'Add user'} onClose={onCancel}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={error} />
        <Field label="Name" required autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
        <Field
          label="Email"
          required
          type="email"
          autoComplete="off"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Field
          label={user ? 'Password (leave blank to keep the current one)' : 'Password'}
          required={!user}
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('is_admin')} /> Administrator
          </label>
        </div>
        <ModalFormActions editing={Boolean(user)} submitting={formState.isSubmitting} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
