import { signOut } from '@/auth';

/**
 * The dashboard's Sign out button posts a plain form here: the session ends (its row and its cookie) and a 303 sends
 * the browser to /login. As a server action it would not end this simply: the action's cookie change re-renders the
 * page it came from, and a redirect() in it makes Next fetch /login from its own origin over HTTP (app/_lib/navigation.ts).
 * A cross-site form cannot sign anyone out: the session cookie is SameSite=Lax, so such a POST arrives without it.
 */
export async function POST() {
  await signOut({ redirect: false });
  return new Response(null, { status: 303, headers: { Location: '/login' } });
}
