import { config } from '@/lib/config';

/** A mail ready to queue: a plain-text part and a simple HTML part saying the same. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** An absolute link into this Counterpart, built from PUBLIC_URL (mail is read outside the site). */
export function publicLink(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${config().PUBLIC_URL}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

interface MailContent {
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  lead: string[];
  action: { label: string; url: string };
  /** Paragraphs after it. */
  after: string[];
}

/** Lays out one message the same way in both parts: greeting, paragraphs, one link, closing lines. */
function render(content: MailContent): RenderedMail {
  const text = [content.greeting, ...content.lead, `${content.action.label}: ${content.action.url}`, ...content.after, '— Counterpart'].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;color:#1c1917;font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif">
<div style="max-width:520px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px">
${[content.greeting, ...content.lead].map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#57534e">If the button does not work, open this address: <a href="${escapeHtml(content.action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(content.action.url)}</a></p>
${content.after.map(paragraph).join('\n')}
<p style="margin:0;color:#57534e">— Counterpart</p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}

/** The password reset mail: the link works once, within `validForMinutes`. */
export function passwordResetMail(input: { name: string | null; link: string; validForMinutes: number }): RenderedMail {
  return render({
    subject: 'Reset your Counterpart password',
    greeting: input.name ? `Hello ${input.name},` : 'Hello,',
    lead: ['Someone asked to reset the password of your Counterpart dashboard account. To choose a new password, open the link below.'],
    action: { label: 'Choose a new password', url: input.link },
    after: [
      `The link works once and expires in ${input.validForMinutes} minutes. Setting a new password signs you out everywhere else.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  });
}

/** What every alert says about the location it is about, and where its reader turns that alert off. */
interface AlertPlace {
  name: string | null;
  locationName: string;
  locationId: string;
}

const alertClosing = () => [
  `You get this alert because you are on the team of this location. To stop this kind of mail, turn it off on your account page: ${publicLink('/dashboard/account')}`,
];
const greetingOf = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

/** A location's POS has been offline for `minutes` or more while `waiting` orders wait for it. */
export function posOfflineAlertMail(input: AlertPlace & { minutes: number; waiting: number; offlineSince: Date }): RenderedMail {
  return render({
    subject: `${input.locationName}: the POS has been offline for ${input.minutes} minutes`,
    greeting: greetingOf(input.name),
    lead: [
      `The POS at ${input.locationName} has not been connected to Counterpart since ${input.offlineSince.toISOString().slice(0, 16).replace('T', ' ')} UTC, and ${input.waiting === 1 ? '1 order is' : `${input.waiting} orders are`} waiting for it.`,
      'Orders the POS does not accept in time are rejected. Check that the POS is switched on and connected to the internet.',
    ],
    action: { label: 'Open the orders board', url: publicLink('/dashboard/orders') },
    after: alertClosing(),
  });
}

/** The POS-offline rule has paused ordering at a location. */
export function posOfflinePauseAlertMail(input: AlertPlace): RenderedMail {
  return render({
    subject: `${input.locationName}: ordering paused, the POS is offline`,
    greeting: greetingOf(input.name),
    lead: [
      `The POS at ${input.locationName} is offline, so ordering apps have stopped taking orders for it. Ordering opens again by itself once the POS is back online.`,
    ],
    action: { label: 'See the location’s availability', url: publicLink(`/dashboard/locations/${encodeURIComponent(input.locationId)}/availability`) },
    after: alertClosing(),
  });
}

/** `count` orders were rejected at a location because nobody accepted them in time (at most one such mail an hour). */
export function autoRejectAlertMail(input: AlertPlace & { count: number; since: Date }): RenderedMail {
  const orders = input.count === 1 ? '1 order was' : `${input.count} orders were`;
  return render({
    subject: `${input.locationName}: ${input.count === 1 ? '1 order' : `${input.count} orders`} rejected automatically`,
    greeting: greetingOf(input.name),
    lead: [
      `${orders} rejected automatically at ${input.locationName} since ${input.since.toISOString().slice(0, 16).replace('T', ' ')} UTC: nobody accepted ${input.count === 1 ? 'it' : 'them'} in time.`,
      'You get at most one of these mails per location an hour; orders rejected in between are counted in the next.',
    ],
    action: { label: 'Open the orders board', url: publicLink('/dashboard/orders') },
    after: alertClosing(),
  });
}

/** An invitation to join a merchant's team: the link works once, within `validForHours`. */
export function invitationMail(input: { merchantName: string; roleName: string; invitedBy: string | null; link: string; validForHours: number }): RenderedMail {
  return render({
    subject: `Join ${input.merchantName} on Counterpart`,
    greeting: 'Hello,',
    lead: [
      `${input.invitedBy ?? 'Counterpart'} invited you to join ${input.merchantName} on Counterpart as ${input.roleName}. To accept, open the link below and choose a password.`,
    ],
    action: { label: 'Accept the invitation', url: input.link },
    after: [
      `The link works once and expires in ${input.validForHours} hours.`,
      'If you did not expect this, ignore this mail: nothing happens unless you accept.',
    ],
  });
}

export interface EndpointAttemptSummary {
  at: Date;
  statusCode: number | null;
  error: string | null;
}

/**
 * A partner developer's alert about one of its webhook endpoints: failing for an hour (deliveries are being retried)
 * or disabled (nothing more is sent to it until it is enabled again), with the last errors and a link to it.
 */
export function endpointAlertMail(input: {
  kind: 'FAILING' | 'DISABLED';
  name: string | null;
  partnerName: string;
  url: string;
  failingSince: Date | null;
  reason?: string;
  lastAttempts: EndpointAttemptSummary[];
  link: string;
}): RenderedMail {
  const since = input.failingSince ? ` since ${input.failingSince.toISOString().replace('T', ' ').slice(0, 16)} UTC` : '';
  const attempts = input.lastAttempts.length
    ? [
        'The last failed attempts:',
        ...input.lastAttempts.map(
          (attempt) =>
            `${attempt.at.toISOString().replace('T', ' ').slice(0, 19)} UTC — ${attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`}${attempt.error ? `: ${attempt.error}` : ''}`,
        ),
      ]
    : [];
  return input.kind === 'FAILING'
    ? render({
        subject: `Webhook endpoint failing: ${input.url}`,
        greeting: input.name ? `Hello ${input.name},` : 'Hello,',
        lead: [
          `Every delivery to ${input.partnerName}'s webhook endpoint ${input.url} has failed${since}. Counterpart keeps retrying on its schedule and keeps failed deliveries for replay; an endpoint that keeps failing for days is disabled.`,
          ...attempts,
        ],
        action: { label: 'See the endpoint and its deliveries', url: input.link },
        after: ['You get this at most once a day while the endpoint fails.'],
      })
    : render({
        subject: `Webhook endpoint disabled: ${input.url}`,
        greeting: input.name ? `Hello ${input.name},` : 'Hello,',
        lead: [
          `${input.partnerName}'s webhook endpoint ${input.url} was disabled${input.reason ? ` (${input.reason})` : ''}. No event is sent to it until it is enabled again; failed deliveries are kept for replay.`,
          ...attempts,
        ],
        action: { label: 'See the endpoint and enable it again', url: input.link },
        after: ['Fix the receiver, enable the endpoint, then replay the failed deliveries.'],
      });
}
