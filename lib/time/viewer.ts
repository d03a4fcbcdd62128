import { cookies } from 'next/headers';
import { VIEWER_ZONE_COOKIE, validTimeZone } from './format';

/**
 * The viewer's time zone for views that span locations (admin): the zone the browser reported in the `tz` cookie
 * (components/ui/time-zone-cookie.tsx), else UTC. Show it named (formatDateTimeZoned), as the first page of a new
 * browser is rendered before the cookie exists.
 */
export async function viewerTimeZone(): Promise<string> {
  return validTimeZone((await cookies()).get(VIEWER_ZONE_COOKIE)?.value) ?? 'UTC';
}
