'use client';

import { useEffect } from 'react';
import { VIEWER_ZONE_COOKIE, browserTimeZone } from '@/lib/time/format';

/** Tells the server the browser's time zone (a cookie), for views shown in the viewer's zone (lib/time/viewer.ts). */
export function TimeZoneCookie() {
  useEffect(() => {
    const zone = browserTimeZone();
    if (!document.cookie.split('; ').includes(`${VIEWER_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) {
      document.cookie = `${VIEWER_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    }
  }, []);
  return null;
}
