import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * What the server answers for the page it renders: 200, 404 when NotFound renders, 301 with the new
 * address when an old one is asked. The server provides it; in the browser there is none.
 */
export interface ResponseStatus {
  code: number;
  location?: string;
}

export const ResponseStatusContext = createContext<ResponseStatus | null>(null);

/** Sets the status of the page the server is rendering (nothing happens in the browser). */
export function useResponseStatus(code: number, location?: string): void {
  const status = useContext(ResponseStatusContext);
  if (status) {
    status.code = code;
    status.location = location;
  }
}

/** A post or category asked by an old slug: a 301 from the server, a replaced history entry in the browser. */
export function MovedPermanently({ to }: { to: string }) {
  const onServer = useContext(ResponseStatusContext) !== null;
  useResponseStatus(301, to);
  return onServer ? null : <Navigate to={to} replace />;
}
