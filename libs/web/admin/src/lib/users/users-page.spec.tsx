import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { confirmDeleteUser, UsersPage } from './users-page';

const userRow = (id: number, name: string, is_admin: 0 | 1): User => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  is_admin,
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
});
const OWNER = userRow(1, 'Owner', 1);
const EDITOR = userRow(2, 'Editor', 0);
const ME = { id: 1, email: 'owner@example.com', name: 'Owner', is_admin: 1 as const };

describe('UsersPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the users: name (you marked), email, admin yes/no, created', async () => {
    renderAdmin(<UsersPage />, { answers: { 'users.list': () => [OWNER, EDITOR], 'auth.me': () => ME } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Admin', 'Created', 'Actions']);
    const [owner, editor] = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(owner).getAllByRole('cell')[0]).toHaveTextContent('Owner you'));
    expect(within(owner).getByText('Yes')).toBeInTheDocument();
    expect(within(editor).getByText('No')).toBeInTheDocument();
    expect(within(editor).getByText('editor@example.com')).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: 'Sửa Editor' })).toBeInTheDocument();
  });

  it('checks the fields before adding: the password is required; Administrator starts unticked', async () => {
    const { user, calls } = renderAdmin(<UsersPage />, {
      answers: { 'users.list': () => [OWNER], 'auth.me': () => ME },
    });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    expect(within(dialog).getByLabelText('Administrator')).not.toBeChecked();
    await user.type(within(dialog).getByLabelText(/^Email/), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email must be a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(calls.map((call) => call.path).sort()).toEqual(['auth.me', 'users.list']);
  });

  it('adds a user who is not an administrator unless the box is ticked, says so and reloads the list', async () => {
    let rows = [OWNER];
    const { user, calls } = renderAdmin(<UsersPage />, {
      answers: {
        'users.list': () => rows,
        'auth.me': () => ME,
        'users.create': () => {
          rows = [OWNER, userRow(3, 'Lan', 0)];
          return rows[1];
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Lan');
    await user.type(within(dialog).getByLabelText(/^Email/), 'Lan@Example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The user Lan has been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'users.create')?.input).toEqual({
      name: 'Lan',
      email: 'lan@example.com',
      password: 'secret123',
      is_admin: false,
    });
    expect(await screen.findByText('lan@example.com')).toBeInTheDocument();
  });

  it('edits with Update: a blank password keeps the current one, a short one is refused', async () => {
    const { user, calls } = renderAdmin(<UsersPage />, {
      answers: {
        'users.list': () => [OWNER, EDITOR],
        'auth.me': () => ME,
        'users.update': () => ({ ...EDITOR, is_admin: 1 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user Editor' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Editor');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('editor@example.com');
    expect(within(dialog).getByLabelText('Administrator')).not.toBeChecked();
    const password = within(dialog).getByLabelText(/^Password/);
    await user.type(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'users.update')).toBe(false);

    await user.clear(password);
    await user.click(within(dialog).getByLabelText('Administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The user Editor has been saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'users.update')?.input).toEqual({
      id: 2,
      name: 'Editor',
      email: 'editor@example.com',
      is_admin: true,
    });
  });

  it("shows the server's refusal in the modal and keeps what was typed", async () => {
    const { user } = renderAdmin(<UsersPage />, {
      answers: {
        'users.list': () => [OWNER, EDITOR],
        'auth.me': () => ME,
        'users.update': () => {
          throw trpcError('CONFLICT', 409, 'The last administrator cannot lose the administrator role');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Owner' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText('Administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The last administrator cannot lose the administrator role',
    );
    expect(within(dialog).getByLabelText('Administrator')).not.toBeChecked();
  });

  it('puts a taken e-mail on its field', async () => {
    const { user } = renderAdmin(<UsersPage />, {
      answers: {
        'users.list': () => [OWNER, EDITOR],
        'auth.me': () => ME,
        'users.update': () => {
          throw trpcError('CONFLICT', 409, 'Another user already has this e-mail address', [
            { field: 'email', message: 'Another user already has this e-mail address' },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Editor' }));
    const dialog = screen.getByRole('dialog');
    const email = within(dialog).getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'owner@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Another user already has this e-mail address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('owner@example.com');
  });

  it('deletes after the confirmation and removes the row', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, calls } = renderAdmin(<UsersPage />, {
      answers: { 'users.list': () => [OWNER, EDITOR], 'auth.me': () => ME, 'users.delete': () => ({ status: 200 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Editor' }));
    expect(confirm).toHaveBeenCalledWith(confirmDeleteUser('Editor'));
    expect(confirmDeleteUser('Editor')).toBe('Bạn có chắc muốn xoá người dùng Editor không?');
    await waitFor(() => expect(screen.queryByText('editor@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('The user Editor has been deleted.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'users.delete')?.input).toEqual({ id: 2 });
  });

  it('shows why deleting yourself is refused and keeps the row', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAdmin(<UsersPage />, {
      answers: {
        'users.list': () => [OWNER, EDITOR],
        'auth.me': () => ME,
        'users.delete': () => {
          throw trpcError('CONFLICT', 409, 'You cannot delete your own account');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Owner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot delete your own account');
    expect(screen.getByText('owner@example.com')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is declined', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, calls } = renderAdmin(<UsersPage />, {
      answers: { 'users.list': () => [OWNER, EDITOR], 'auth.me': () => ME },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Editor' }));
    expect(calls.some((call) => call.path === 'users.delete')).toBe(false);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    renderAdmin(<UsersPage />, {
      answers: {
        'users.list': () => {
          throw new Error('down');
        },
        'auth.me': () => ME,
      },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
