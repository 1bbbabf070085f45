import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { REQUEST_SENT, RequestPasswordPage } from './request-password-page';
import { PASSWORD_SET, ResetPasswordPage } from './reset-password-page';

describe('RequestPasswordPage', () => {
  it('asks the server for a link and says what happens next', async () => {
    const { calls } = renderAdmin(<RequestPasswordPage />, {
      path: '/request-password',
      answers: { 'auth.requestPassword': () => ({ status: 200 }) },
    });
    expect(screen.getByRole('heading', { name: 'Request new password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Remember your password?' })).toHaveAttribute('href', '/login');
    await userEvent.type(screen.getByLabelText(/Email address/), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REQUEST_SENT);
    expect(calls).toEqual([{ path: 'auth.requestPassword', input: { email: 'me@example.com' } }]);
  });

  it('shows a failure instead of nothing', async () => {
    renderAdmin(<RequestPasswordPage />, {
      answers: {
        'auth.requestPassword': () => {
          throw new Error('Failed to fetch');
        },
      },
    });
    await userEvent.type(screen.getByLabelText(/Email address/), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
  });

  it('says when to ask again after too many requests (429), keeping the e-mail', async () => {
    let limited = true;
    renderAdmin(<RequestPasswordPage />, {
      answers: {
        'auth.requestPassword': () => {
          if (limited) {
            throw trpcError('TOO_MANY_REQUESTS', 429, 'Too many', undefined, { retryAfterSeconds: 59 * 60 + 1 });
          }
          return { status: 200 };
        },
      },
    });
    await userEvent.type(screen.getByLabelText(/Email address/), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many password reset requests. Please try again in 60 minutes.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveValue('me@example.com');

    limited = false;
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REQUEST_SENT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  const submit = async (password: string, repeat: string) => {
    await userEvent.type(screen.getByLabelText(/New Password/), password);
    await userEvent.type(screen.getByLabelText(/Repeat Password/), repeat);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  };

  it('checks the repeated password and the length before calling the server', async () => {
    const { calls } = renderAdmin(<ResetPasswordPage />, { path: '/reset-password?token=abc' });
    expect(screen.getByRole('heading', { name: 'Set new password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to login' })).toHaveAttribute('href', '/login');
    await submit('long-enough-1', 'long-enough-2');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/New Password/));
    await userEvent.clear(screen.getByLabelText(/Repeat Password/));
    await submit('short', 'short');
    expect(await screen.findByText(/at least 8 characters/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the token from the link with the new password and confirms', async () => {
    const { calls } = renderAdmin(<ResetPasswordPage />, {
      path: '/reset-password?token=tok-123',
      answers: { 'auth.resetPassword': () => ({ status: 200 }) },
    });
    await submit('new-password-1', 'new-password-1');
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_SET);
    expect(calls[0].input).toEqual({
      token: 'tok-123',
      new_password: 'new-password-1',
      password_repeat: 'new-password-1',
    });
  });

  it('explains an expired link', async () => {
    renderAdmin(<ResetPasswordPage />, {
      path: '/reset-password?token=old',
      answers: {
        'auth.resetPassword': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
            { field: 'token', message: 'The reset link is invalid, used or expired' },
          ]);
        },
      },
    });
    await submit('new-password-1', 'new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset link is invalid, used or expired');
  });

  it('without a token, says the mail link is needed and disables Submit', () => {
    renderAdmin(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('needs the link');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
