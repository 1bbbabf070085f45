import { screen, within } from '@testing-library/react';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { TwoFactorSection } from './two-factor-section';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Phuong%20Blog:owner%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
};
const CODES = [...'abcdefghij'].map((letter) => `abcd${letter}-efgh${letter}`);

describe('TwoFactorSection', () => {
  it('turns two-factor on: password, then the QR code and the key, then a code; shows the recovery codes once', async () => {
    let enabled = false;
    const { user, calls } = renderAdmin(<TwoFactorSection />, {
      answers: {
        'auth.twoFactor': () => ({ enabled, recovery_codes_left: enabled ? 10 : 0 }),
        'auth.beginTwoFactorSetup': () => SETUP,
        'auth.confirmTwoFactorSetup': () => {
          enabled = true;
          return { status: 200, recovery_codes: CODES };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByText(/Two-factor sign-in is off/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Current password/), 'my password');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', SETUP.qr_code);
    expect(screen.getByTestId('two-factor-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(calls.find((call) => call.path === 'auth.beginTwoFactorSetup')?.input).toEqual({
      current_password: 'my password',
    });

    await user.type(screen.getByLabelText(/Authentication code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls.find((call) => call.path === 'auth.confirmTwoFactorSetup')?.input).toEqual({ code: '123456' });
    const download = screen.getByRole('link', { name: 'Download as .txt' });
    expect(download).toHaveAttribute('download', 'recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(CODES.join('\n'));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/Two-factor sign-in is on\. 10 recovery codes are left\./)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('copies the recovery codes, and says so', async () => {
    const { user } = renderAdmin(<TwoFactorSection />, {
      answers: {
        'auth.twoFactor': () => ({ enabled: true, recovery_codes_left: 3 }),
        'auth.regenerateRecoveryCodes': () => ({ status: 200, recovery_codes: CODES }),
      },
    });
    await user.type(await screen.findByLabelText(/Authentication code/), '654321');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The recovery codes have been copied.');
    expect(await navigator.clipboard.readText()).toContain(CODES.join('\n'));
  });

  it('shows a wrong password on its field', async () => {
    const { user } = renderAdmin(<TwoFactorSection />, {
      answers: {
        'auth.twoFactor': () => ({ enabled: false, recovery_codes_left: 0 }),
        'auth.beginTwoFactorSetup': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
            { field: 'current_password', message: 'The current password is wrong' },
          ]);
        },
      },
    });
    await user.type(await screen.findByLabelText(/Current password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('turns off with a code, and refuses a wrong one with a clear message', async () => {
    let enabled = true;
    const { user, calls } = renderAdmin(<TwoFactorSection />, {
      answers: {
        'auth.twoFactor': () => ({ enabled, recovery_codes_left: enabled ? 1 : 0 }),
        'auth.disableTwoFactor': (input) => {
          if ((input as { code: string }).code !== '111111') {
            throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
              { field: 'code', message: 'The code is wrong, expired or already used' },
            ]);
          }
          enabled = false;
          return { status: 200 };
        },
      },
    });
    expect(await screen.findByText(/1 recovery code is left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app or a recovery code'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'auth.disableTwoFactor')).toEqual([]);

    await user.type(screen.getByLabelText(/Authentication code/), '222222');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('The code is wrong, expired or already used')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Authentication code/));
    await user.type(screen.getByLabelText(/Authentication code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in is off');
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});
