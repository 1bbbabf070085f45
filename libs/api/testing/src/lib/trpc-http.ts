import type { AnyTRPCMutationProcedure, AnyTRPCQueryProcedure, AnyTRPCRouter, inferProcedureInput } from '@trpc/server';
import type request from 'supertest';
import type { TestAgent } from './sign-in';

type ProceduresOf<TRouter extends AnyTRPCRouter> = TRouter['_def']['record'];
type PathsOf<TRouter extends AnyTRPCRouter, TProcedure> = {
  [Path in keyof ProceduresOf<TRouter>]: ProceduresOf<TRouter>[Path] extends TProcedure ? Path : never;
}[keyof ProceduresOf<TRouter>] &
  string;
type InputOf<TRouter extends AnyTRPCRouter, Path extends keyof ProceduresOf<TRouter>> = inferProcedureInput<
  ProceduresOf<TRouter>[Path]
>;
/** The input argument: optional where the procedure takes none. */
type InputArgs<Input> = undefined extends Input ? [input?: Input | InvalidInput] : [input: Input | InvalidInput];

/** An input the procedure's type refuses, sent as it is: for the specs of its validation. */
export class InvalidInput {
  constructor(readonly value: unknown) {}
}

/** Marks an input as deliberately invalid (a wrong type, a missing field), so that it type-checks. */
export const invalidInput = (value: unknown) => new InvalidInput(value);

const bodyOf = (input: unknown) => (input instanceof InvalidInput ? input.value : input);

export interface TrpcHttp<TRouter extends AnyTRPCRouter> {
  /** `GET /trpc/{name}.{path}?input=…` (no query string without an input). */
  query<Path extends PathsOf<TRouter, AnyTRPCQueryProcedure>>(
    agent: TestAgent,
    path: Path,
    ...input: InputArgs<InputOf<TRouter, Path>>
  ): request.Test;
  /** `POST /trpc/{name}.{path}` with the input as its JSON body. */
  mutation<Path extends PathsOf<TRouter, AnyTRPCMutationProcedure>>(
    agent: TestAgent,
    path: Path,
    ...input: InputArgs<InputOf<TRouter, Path>>
  ): request.Test;
}

/**
 * A domain router's procedures over HTTP, as the web calls them under the app router's `name`
 * (`trpcHttp<AboutRouter['router']>('about').mutation(admin, 'create', …)` posts to `/trpc/about.create`):
 * paths and inputs typed by the router, answers the agent's supertest request, so that a spec sees the
 * status, headers and body, and the session cookie goes along.
 */
export function trpcHttp<TRouter extends AnyTRPCRouter>(name: string): TrpcHttp<TRouter> {
  return {
    query(agent, path, ...[input]) {
      const body = bodyOf(input);
      const search = body === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(body))}`;
      return agent.get(`/trpc/${name}.${path}${search}`);
    },
    mutation(agent, path, ...[input]) {
      const req = agent.post(`/trpc/${name}.${path}`);
      const body = bodyOf(input);
      return body === undefined ? req : req.send(body as object);
    },
  };
}
