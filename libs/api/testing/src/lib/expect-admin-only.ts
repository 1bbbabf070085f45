import type request from 'supertest';
import type { TestAgent as Agent } from './sign-in';

/**
 * The admin rule of one door (a REST endpoint or a tRPC procedure, named `tRPC …`): a visitor gets
 * 401 and a signed-in non-admin 403, each in its protocol's error shape and never stored. Answers
 * both responses for the door's own further checks (nothing stored, nothing leaked).
 */
export async function expectAdminOnly(
  door: string,
  call: (agent: Agent) => request.Test,
  agents: { anonymous: Agent; reader: Agent },
): Promise<{ anonymous: request.Response; reader: request.Response }> {
  const anonymous = await call(agents.anonymous).expect(401);
  const reader = await call(agents.reader).expect(403);
  if (door.startsWith('tRPC')) {
    expect(anonymous.body.error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    expect(reader.body.error.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
  } else {
    expect(anonymous.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(reader.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  }
  // Nothing behind a session is stored anywhere, its refusals included.
  expect([anonymous.headers['cache-control'], reader.headers['cache-control']]).toEqual(['no-store', 'no-store']);
  return { anonymous, reader };
}
