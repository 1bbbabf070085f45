import { useState } from 'react';
import type { ActiveSession } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { QueryView } from '../forms/query-view';

/**
 * The profile's Active sessions: every device signed in as this user (browser and system, address,
 * sign-in and last seen), this one marked; any other can be ended (a lost phone), or all of them.
 * An ended session is refused at its next request, on every instance.
 */
export function ActiveSessions() {
  const utils = trpc.useUtils();
  const sessions = trpc.auth.sessions.useQuery();
  const endOne = trpc.auth.endSession.useMutation();
  const endOthers = trpc.auth.endOtherSessions.useMutation();
  const setMessage = useActionNotice();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<string>, failure: string) => {
    setMessage({});
    setBusy(true);
    try {
      setMessage({ success: await work() });
    } catch (error) {
      setMessage({ error: (error as Error).message || failure });
    } finally {
      setBusy(false);
      await utils.auth.sessions.invalidate();
    }
  };

  const end = (session: ActiveSession) =>
    run(async () => {
      await endOne.mutateAsync({ id: session.id });
      return `The session of ${session.device} has been ended.`;
    }, 'The session could not be ended.');

  const endAllOthers = () =>
    run(async () => {
      const { ended } = await endOthers.mutateAsync();
      return ended === 1 ? '1 other session has been ended.' : `${ended} other sessions have been ended.`;
    }, 'The other sessions could not be ended.');

  return (
    <section className="admin-panel" aria-labelledby="active-sessions-title">
      <h2 id="active-sessions-title">Active sessions</h2>
      <QueryView query={sessions}>
        {(rows) => (
          <>
            <AdminTable columns={['Device', 'Address', 'Signed in', 'Last seen', 'Actions']}>
              {rows.map((session) => (
                <tr key={session.id}>
                  <td>
                    {session.device}
                    {session.current && (
                      <>
                        {' '}
                        <span className="admin-tag">This device</span>
                      </>
                    )}
                  </td>
                  <td>{session.address}</td>
                  <td>{session.signed_in_at ? formatDateTime(session.signed_in_at) : '—'}</td>
                  <td>{session.last_seen_at ? formatDateTime(session.last_seen_at) : '—'}</td>
                  <td>
                    {!session.current && (
                      <button
                        type="button"
                        className="admin-button admin-button--danger"
                        onClick={() => void end(session)}
                        disabled={busy}
                        aria-label={`End the session of ${session.device} at ${session.address}`}
                      >
                        End session
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </AdminTable>
            {rows.some((session) => !session.current) && (
              <button type="button" className="admin-button" onClick={() => void endAllOthers()} disabled={busy}>
                End all other sessions
              </button>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
