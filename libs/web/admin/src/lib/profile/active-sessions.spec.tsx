import { screen, within } from '@testing-library/react';
import type { ActiveSession } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { ActiveSessions } from './active-sessions';

const session = (id: string, device: string, address: string, current = false): ActiveSession => ({
  id: id.repeat(64),
  device,
  address,
  signed_in_at: '2025-02-01T03:00:00.000Z',
  last_seen_at: '2025-02-03T04:05:00.000Z',
  current,
});
const LAPTOP = session('a', 'Chrome 156 on Linux', '203.0.113.7', true);
const PHONE = session('b', 'Safari 18 on iOS', '198.51.100.4');
const TABLET = session('c', 'Chrome 150 on Android', '198.51.100.9');

describe('ActiveSessions', () => {
  it('lists every device, this one marked and without an End button', async () => {
    renderAdmin(<ActiveSessions />, { answers: { 'auth.sessions': () => [LAPTOP, PHONE] } });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Chrome 156 on Linux This device',
      'Safari 18 on iOS',
    ]);
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).getByRole('cell', { name: '198.51.100.4' })).toBeInTheDocument();
    expect(
      within(rows[1]).getByRole('button', { name: 'End the session of Safari 18 on iOS at 198.51.100.4' }),
    ).toBeEnabled();
  });

  it('ends a lost phone’s session and lists the sessions again', async () => {
    let sessions = [LAPTOP, PHONE, TABLET];
    const { user, calls } = renderAdmin(<ActiveSessions />, {
      answers: {
        'auth.sessions': () => sessions,
        'auth.endSession': (input) => {
          sessions = sessions.filter((row) => row.id !== (input as { id: string }).id);
          return { status: 200 };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /End the session of Safari 18 on iOS/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('The session of Safari 18 on iOS has been ended.');
    expect(calls.find((call) => call.path === 'auth.endSession')?.input).toEqual({ id: PHONE.id });
    await screen.findByRole('button', { name: /Chrome 150 on Android/ });
    expect(screen.queryByText('Safari 18 on iOS')).toBeNull();
  });

  it('ends all the others at once, and says so', async () => {
    let sessions = [LAPTOP, PHONE, TABLET];
    const { user } = renderAdmin(<ActiveSessions />, {
      answers: {
        'auth.sessions': () => sessions,
        'auth.endOtherSessions': () => {
          sessions = [LAPTOP];
          return { status: 200, ended: 2 };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 other sessions have been ended.');
    expect(await screen.findAllByRole('row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull();
  });

  it('shows why a session could not be ended', async () => {
    const { user } = renderAdmin(<ActiveSessions />, {
      answers: {
        'auth.sessions': () => [LAPTOP, PHONE],
        'auth.endSession': () => {
          throw trpcError('NOT_FOUND', 404, 'Session not found');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /End the session of Safari/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found');
  });
});
