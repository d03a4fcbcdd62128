import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MERCHANT, DEMO_REVIEWER } from '../support';

/**
 * Every dashboard page as each role that sees it, at phone, tablet and laptop widths, light and dark, with the
 * browser in a time zone other than the server's: it fits the screen at every width in both themes (docs/contract.md#dashboard-names), the
 * console stays clean (React's hydration errors included), and axe finds nothing in the light theme at laptop width.
 * Axe runs once per page, light at laptop width: the roles, names and structure it checks are the same markup at every
 * width and in both themes, and a run of axe over a long console page costs seconds where a width costs milliseconds.
 */
const WIDTHS = [390, 768, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const ZONES = ['Australia/Sydney', 'America/New_York'] as const;

type Role = 'merchant' | 'reviewer' | 'admin' | 'anonymous';
const USERS = { merchant: DEMO_MERCHANT, reviewer: DEMO_REVIEWER, admin: DEMO_ADMIN } as const;

const PAGES: { role: Role; path: string; heading: RegExp }[] = [
  { role: 'anonymous', path: '/login', heading: /sign in/i },
  { role: 'anonymous', path: '/forgot-password', heading: /forgot your password/i },
  { role: 'anonymous', path: '/reset-password?token=no-such-link', heading: /choose a new password/i },
  { role: 'anonymous', path: '/accept-invitation?token=no-such-link', heading: /join your team/i },
  { role: 'merchant', path: '/dashboard/orders', heading: /orders/i },
  { role: 'merchant', path: '/dashboard/tables', heading: /tables/i },
  { role: 'merchant', path: '/dashboard/bookings', heading: /bookings/i },
  { role: 'merchant', path: '/dashboard/loyalty', heading: /loyalty/i },
  { role: 'merchant', path: '/dashboard/devices', heading: /devices/i },
  { role: 'merchant', path: '/dashboard/team', heading: /team/i },
  { role: 'merchant', path: '/dashboard/locations/demo-bistro-cbd/availability', heading: /opening hours/i },
  { role: 'merchant', path: '/dashboard/account', heading: /account/i },
  { role: 'merchant', path: '/activate', heading: /connect a device/i },
  { role: 'merchant', path: '/dashboard/no-such-page', heading: /not found/i },
  { role: 'merchant', path: '/dashboard/onboarding', heading: /not found/i },
  { role: 'reviewer', path: '/dashboard/onboarding', heading: /onboarding/i },
  { role: 'admin', path: '/dashboard/admin', heading: /admin/i },
  { role: 'admin', path: '/dashboard/admin/tenants', heading: /merchants/i },
  { role: 'admin', path: '/dashboard/admin/find?q=demo-bistro-cbd', heading: /demo bistro/i },
  { role: 'admin', path: '/dashboard/admin/users', heading: /users/i },
  { role: 'admin', path: '/dashboard/admin/events', heading: /events/i },
  { role: 'admin', path: '/dashboard/admin/endpoints', heading: /webhook endpoints/i },
  { role: 'admin', path: '/dashboard/admin/partners', heading: /partners & webhooks/i },
  { role: 'admin', path: '/dashboard/admin/health', heading: /partner health/i },
  { role: 'admin', path: '/dashboard/admin/requests', heading: /api requests/i },
  { role: 'admin', path: '/dashboard/admin/deliveries', heading: /webhook deliveries/i },
  { role: 'admin', path: '/dashboard/admin/audit', heading: /audit log/i },
  { role: 'admin', path: '/dashboard/admin/mail', heading: /mail/i },
  { role: 'admin', path: '/dashboard/admin/find?q=Demo%20Ordering%20App', heading: /demo ordering app/i },
  { role: 'admin', path: '/dashboard/admin/find?q=Demo', heading: /find/i },
];

/**
 * Elements that reach past the right edge of the screen, unless a sideways-scrolling region of their own holds them:
 * a page can stay as wide as the screen and still cut its content off (a clipping ancestor), which the page's own
 * scroll width does not show.
 */
function overflowingElements(): string[] {
  const limit = window.innerWidth + 1;
  const heldByScroller = (element: Element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return parent.getBoundingClientRect().right <= limit;
    }
    return false;
  };
  const found: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    // Inside an <svg> (a chart's lines and layers) the drawing is clipped to the svg's own box, which is checked itself.
    if (element instanceof SVGElement && element.ownerSVGElement) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.right <= limit || heldByScroller(element)) continue;
    found.push(`<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class') ?? '').slice(0, 60)}"> ends at ${Math.round(rect.right)}px`);
  }
  return found.slice(0, 3);
}

/** The most compressed JavaScript a page may load before it is interactive (charts and the like load on demand). */
const FIRST_LOAD_JS_LIMIT = 200 * 1024;

/**
 * The compressed bytes of the scripts a page's HTML names (what the browser must fetch before the page works), as
 * they came over the wire: chunks imported on demand later (next/dynamic) are not counted.
 */
async function firstLoadScriptBytes(page: import('@playwright/test').Page, html: string, sizes: Map<string, number>): Promise<number> {
  const named = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&'), page.url()).href));
  let total = 0;
  for (const url of named) total += sizes.get(url) ?? 0;
  return total;
}

type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;
const sessions = new Map<Role, StorageState>();

async function sessionOf(browser: Browser, role: Role) {
  if (role === 'anonymous') return undefined;
  const known = sessions.get(role);
  if (known) return known;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(USERS[role].email);
  await page.getByLabel('Password').fill(USERS[role].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\//);
  const state = await context.storageState();
  await context.close();
  sessions.set(role, state);
  return state;
}

test.describe('every dashboard page fits, passes axe and logs no errors', () => {
  PAGES.forEach(({ role, path, heading }, index) => {
    const timezoneId = ZONES[index % ZONES.length]!;
    // One test per theme: a heavy page (the operator overview's charts) gets the whole time budget for each.
    for (const colorScheme of THEMES) {
      const withAxe = colorScheme === 'light';
      test(`${path} as ${role}, ${colorScheme} (${timezoneId})${withAxe ? ', axe at 1280 px' : ''}`, async ({ browser }) => {
        // By this point of the run the other specs have filled the console's pages (partners, deliveries, requests),
        // and axe over a long page takes its time.
        test.setTimeout(120_000);
        const storageState = await sessionOf(browser, role);
        const problems: string[] = [];
        const context = await browser.newContext({ storageState, timezoneId, colorScheme, viewport: { width: WIDTHS[0], height: 800 } });
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(`console: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        // Every script's compressed size as it came over the wire (scripts are cached, so only the first load counts).
        const scriptSizes = new Map<string, number>();
        page.on('requestfinished', (request) => {
          if (request.resourceType() !== 'script') return;
          void request.sizes().then(
            (sizes) => scriptSizes.set(request.url(), sizes.responseBodySize),
            () => undefined,
          );
        });
        const response = await page.goto(path);
        const html = (await response?.text()) ?? '';
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await page.waitForLoadState('networkidle');
        const firstLoad = await firstLoadScriptBytes(page, html, scriptSizes);
        test.info().annotations.push({ type: 'first-load JS', description: `${path}: ${(firstLoad / 1024).toFixed(1)} KiB` });
        console.log(`first-load JS ${path} ${colorScheme}: ${(firstLoad / 1024).toFixed(1)} KiB`);
        if (firstLoad > FIRST_LOAD_JS_LIMIT)
          problems.push(`first-load JavaScript ${(firstLoad / 1024).toFixed(1)} KiB, above ${FIRST_LOAD_JS_LIMIT / 1024} KiB`);
        await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.waitForTimeout(50);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) problems.push(`${width}px: page ${overflow}px wider than the screen`);
          for (const element of await page.evaluate(overflowingElements)) problems.push(`${width}px: ${element} (screen ${width}px)`);
        }
        // WIDTHS ends at the laptop width, where the page now is.
        if (withAxe) {
          const axe = await new AxeBuilder({ page }).analyze();
          for (const violation of axe.violations) {
            problems.push(
              `axe ${violation.id}: ${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
            );
          }
        }
        await context.close();
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  });
});
