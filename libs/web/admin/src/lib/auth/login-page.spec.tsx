import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { AUTH_NAME_KEY, LABELS } from '../labels';
import { LoginPage } from './login-page';

const fill = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email address/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: LABELS.signIn }));
};

describe('LoginPage', () => {
  beforeEach(() => window.localStorage.clear());

  it("shows the spec's labels and a Forgot password link", () => {
    renderAdmin(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/request-password');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('signs an administrator in, stores auth_name and goes to the dashboard', async () => {
    const { calls } = renderAdmin(<LoginPage />, {
      path: '/login',
      answers: {
        'auth.login': () => ({ status: 200, email: 'owner@example.com', is_admin: 1, name: 'Owner' }),
        'auth.adminCheck': () => ({ is_admin: 1, name: 'Owner' }),
      },
    });
    await fill('Owner@Example.com', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(window.localStorage.getItem(AUTH_NAME_KEY)).toBe('owner@example.com');
    expect(calls[0]).toEqual({
      path: 'auth.login',
      input: { email: 'owner@example.com', password: 'secret-password' },
    });
  });

  it('sends anyone else to the home page', async () => {
    renderAdmin(<LoginPage />, {
      path: '/login',
      answers: { 'auth.login': () => ({ status: 200, email: 'r@example.com', is_admin: 0, name: 'R' }) },
    });
    await fill('r@example.com', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows wrong credentials and lockouts on the form, keeping what was typed', async () => {
    renderAdmin(<LoginPage />, {
      path: '/login',
      answers: {
        'auth.login': () => {
          throw trpcError('UNAUTHORIZED', 401, 'Wrong e-mail or password');
        },
      },
    });
    await fill('owner@example.com', 'bad-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password');
    expect(screen.getByLabelText(/Email address/)).toHaveValue('owner@example.com');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('checks the fields before calling the server', async () => {
    const { calls } = renderAdmin(<LoginPage />, { path: '/login' });
    await fill('not-an-email', 'x');
    expect(await screen.findByText('Email must be a valid e-mail address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends a user with a stored auth_name straight to the dashboard', async () => {
    window.localStorage.setItem(AUTH_NAME_KEY, 'owner@example.com');
    renderAdmin(<LoginPage />, { path: '/login' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
  });
  describe('two-factor sign-in', () => {
    const SECOND_FACTOR = { status: 202, second_factor_required: true, expires_in_seconds: 300 };

    it('asks for the authentication code after the password, then signs in', async () => {
      const { calls } = renderAdmin(<LoginPage />, {
        path: '/login',
        answers: {
          'auth.login': () => SECOND_FACTOR,
          'auth.verifySecondFactor': () => ({ status: 200, email: 'owner@example.com', is_admin: 1, name: 'Owner' }),
          'auth.adminCheck': () => ({ is_admin: 1, name: 'Owner' }),
        },
      });
      await fill('owner@example.com', 'secret-password');
      const code = await screen.findByLabelText(/Authentication code/);
      expect(window.localStorage.getItem(AUTH_NAME_KEY)).toBeNull();
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
      const user = userEvent.setup();
      await user.type(code, '123 456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
      expect(window.localStorage.getItem(AUTH_NAME_KEY)).toBe('owner@example.com');
      expect(calls.find((call) => call.path === 'auth.verifySecondFactor')?.input).toEqual({ code: '123456' });
    });

    it('takes a recovery code instead, and shows a wrong code clearly', async () => {
      const { calls } = renderAdmin(<LoginPage />, {
        path: '/login',
        answers: {
          'auth.login': () => SECOND_FACTOR,
          'auth.verifySecondFactor': () => {
            throw trpcError('UNAUTHORIZED', 401, 'The code is wrong, expired or already used');
          },
        },
      });
      await fill('owner@example.com', 'secret-password');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
      await user.type(screen.getByLabelText(/Recovery code/), 'ABCDE-FGHIJ');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong, expired or already used');
      expect(calls.find((call) => call.path === 'auth.verifySecondFactor')?.input).toEqual({ code: 'abcdefghij' });
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
      // Back to the app's code, or to the password.
      await user.click(screen.getByRole('button', { name: 'Use the authenticator app' }));
      expect(screen.getByLabelText(/Authentication code/)).toHaveValue('');
      await user.click(screen.getByRole('button', { name: 'Sign in again' }));
      expect(await screen.findByLabelText(/Email address/)).toBeInTheDocument();
    });

    it('checks the code before calling the server', async () => {
      const { calls } = renderAdmin(<LoginPage />, { path: '/login', answers: { 'auth.login': () => SECOND_FACTOR } });
      await fill('owner@example.com', 'secret-password');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(/Authentication code/), '12');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(
        await screen.findByText('Enter the 6-digit code from your authenticator app or a recovery code'),
      ).toBeInTheDocument();
      expect(calls.map((call) => call.path)).toEqual(['auth.login']);
    });
  });
});
