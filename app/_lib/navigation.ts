import { ACTION_HEADER } from 'next/dist/client/components/app-router-headers';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';

/** The answer of an action that ends on another page: the form's script opens it (`useContinueTo`). */
export interface Continuation {
  continueTo?: string;
}

/**
 * Ends a server action on another page of the site (sign-in ends on its return address) without a request from this server to
 * itself. A `redirect()` in an action called by script makes Next fetch the target page over HTTP from its own origin
 * (`http://localhost:PORT`) to send its render along with the action's answer (createRedirectRenderResult in Next's
 * action handler): the sign-in then waits on a fresh connection to the server, and while its sockets are exhausted it
 * waited 10 s for that connection to time out. Here the action answers the page and the browser asks for it itself.
 * A form posted without script (no Next-Action header) gets Next's plain 303 to the page, which fetches nothing.
 */
export async function continueTo(path: string): Promise<Required<Continuation>> {
  if (!(await headers()).has(ACTION_HEADER)) redirect(path);
  return { continueTo: path };
}
