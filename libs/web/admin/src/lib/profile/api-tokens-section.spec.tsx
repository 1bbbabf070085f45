import { screen, within } from '@testing-library/react';
import type { ApiToken, CreatedApiToken } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { LABELS } from '../labels';
import { ApiTokensSection } from './api-tokens-section';

const TEXT = LABELS.apiTokens;
const SECRET = `blog_${'S'.repeat(43)}`;

const token = (id: number, name: string, values: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name,
  scopes: ['content:read'],
  hint: 'blog_SSSS',
  created_at: '2026-01-02T03:04:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  ...values,
});

describe('ApiTokensSection', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the tokens with their scopes, created, last used and expiry, revoked ones without a Revoke button', async () => {
    renderAdmin(<ApiTokensSection />, {
      answers: {
        'apiTokens.list': () => [
          token(2, 'Publisher', {
            scopes: ['content:read', 'content:write'],
            last_used_at: '2026-01-03T03:04:00.000Z',
            expires_at: '2099-01-01T00:00:00.000Z',
          }),
          token(1, 'Old script', { revoked_at: '2026-01-04T00:00:00.000Z' }),
        ],
      },
    });
    const table = await screen.findByRole('table');
    const [publisher, old] = within(table).getAllByRole('row').slice(1);
    expect(within(publisher).getAllByRole('cell')[1]).toHaveTextContent('content:read, content:write');
    expect(within(publisher).getAllByRole('cell')[4]).not.toHaveTextContent(TEXT.never);
    expect(within(publisher).getByRole('button', { name: 'Revoke the token Publisher' })).toBeEnabled();
    expect(within(old).getAllByRole('cell')[0]).toHaveTextContent(`Old script blog_SSSS… ${TEXT.revoked}`);
    expect(within(old).getAllByRole('cell')[3]).toHaveTextContent(TEXT.notUsed);
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('creates a token with the chosen scopes and expiry, and shows its secret once with a Copy button', async () => {
    let tokens: ApiToken[] = [];
    const { user, calls } = renderAdmin(<ApiTokensSection />, {
      answers: {
        'apiTokens.list': () => tokens,
        'apiTokens.create': (input) => {
          const { name, scopes } = input as { name: string; scopes: ApiToken['scopes'] };
          const made: CreatedApiToken = { token: token(5, name, { scopes }), secret: SECRET };
          tokens = [made.token];
          return made;
        },
      },
    });
    expect(await screen.findByText(TEXT.none)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Token name/), 'Deploy script');
    await user.click(screen.getByRole('checkbox', { name: TEXT.scopeLabels['content:write'] }));
    await user.selectOptions(screen.getByLabelText(TEXT.expiry), 'In 30 days');
    await user.click(screen.getByRole('button', { name: TEXT.create }));

    const shown = await screen.findByRole('region', { name: TEXT.newToken('Deploy script') });
    expect(shown).toHaveTextContent(SECRET);
    expect(shown).toHaveTextContent(TEXT.shownOnce);
    const input = calls.find((call) => call.path === 'apiTokens.create')?.input as {
      scopes: string[];
      expires_at: string;
    };
    expect(input).toMatchObject({ name: 'Deploy script', scopes: ['content:read', 'content:write'] });
    const days = (Date.parse(input.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await screen.findByRole('table')).toHaveTextContent('Deploy script');

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(shown).getByRole('button', { name: TEXT.copy }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.copied);

    // Once dismissed, the secret is gone for good.
    await user.click(within(shown).getByRole('button', { name: TEXT.done }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("shows the server's field errors", async () => {
    const { user } = renderAdmin(<ApiTokensSection />, {
      answers: {
        'apiTokens.list': () => [],
        'apiTokens.create': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [{ field: 'name', message: 'Give the token a name' }]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: TEXT.create }));
    expect(await screen.findByText('Give the token a name')).toBeInTheDocument();
    expect(screen.getByLabelText(/Token name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a token only after confirmation', async () => {
    let tokens = [token(3, 'Publisher')];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, calls } = renderAdmin(<ApiTokensSection />, {
      answers: {
        'apiTokens.list': () => tokens,
        'apiTokens.revoke': () => {
          tokens = [token(3, 'Publisher', { revoked_at: '2026-01-05T00:00:00.000Z' })];
          return tokens[0];
        },
      },
    });
    const revoke = await screen.findByRole('button', { name: 'Revoke the token Publisher' });
    await user.click(revoke);
    expect(confirm).toHaveBeenCalledWith(TEXT.confirmRevoke('Publisher'));
    expect(calls.some((call) => call.path === 'apiTokens.revoke')).toBe(false);

    await user.click(revoke);
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.revokedMessage('Publisher'));
    expect(calls.find((call) => call.path === 'apiTokens.revoke')?.input).toEqual({ id: 3 });
    await screen.findByText(TEXT.revoked);
    expect(screen.queryByRole('button', { name: 'Revoke the token Publisher' })).toBeNull();
  });
});
