import { createInterface } from 'node:readline';
import {
  clearBusy,
  createCounterpartClient,
  getAvailability,
  pauseOrdering,
  resumeOrdering,
  setBusy,
  FileTokenStore,
  pollDeviceAuthorization,
  refreshingTokens,
  startDeviceAuthorization,
  type CounterpartClient,
} from '../../sdk/src/index';
import { workAsPos, type PosTiming } from '@/lib/simulators/pos';
import { describeError, logger, printSummary, stopSignal, type CommonOptions } from './shared';

export interface PosOptions extends CommonOptions, PosTiming {
  tokenFile: string;
  /** At start, pause ordering at every location for this many minutes, or until resumed. */
  pause?: number | 'until-resumed';
  reason?: string;
  /** At start, set busy mode (orders ready this many minutes later) at every location. */
  busy?: number;
}

type Log = (message: string) => void;

/**
 * A POS: signs in with the device flow (printing the code and the URL to approve), then works its locations
 * (lib/simulators/pos.ts: orders, bookings, table sales), and takes availability commands typed at it.
 */
export async function runPos(options: PosOptions) {
  const log = logger('pos');
  const clientId = options.clientId ?? process.env.COUNTERPART_CLIENT_ID;
  if (!clientId) throw new Error('The POS needs --client-id (or COUNTERPART_CLIENT_ID): the demo prints the POS client id at first start.');
  const signal = stopSignal(options.duration);
  const store = new FileTokenStore(options.tokenFile);
  if (!(await store.load())) {
    const device = await startDeviceAuthorization({ baseUrl: options.url, clientId });
    log(`to connect this POS, open ${device.verificationUriComplete}`);
    log(`  or go to ${device.verificationUri} and enter the code ${device.userCode}`);
    await store.save(await pollDeviceAuthorization({ baseUrl: options.url, clientId, device, signal }));
    log('device approved; tokens saved to ' + options.tokenFile);
  }
  const api = createCounterpartClient({ baseUrl: options.url, auth: refreshingTokens({ baseUrl: options.url, clientId, store }) });
  const errors = { errors: 0 };
  const working = workAsPos({
    api,
    locations: options.location,
    timing: options,
    signal,
    log,
    progressEveryMs: 5000,
    onEvent: (event) => {
      if (event.type === 'LOCATION_AVAILABILITY_UPDATED') void logAvailability(api, event.data.id, log);
    },
  });
  for (const locationId of options.location) {
    if (options.pause !== undefined) await availabilityCommand(api, locationId, { pause: options.pause, reason: options.reason }, errors, log);
    if (options.busy !== undefined) await availabilityCommand(api, locationId, { busy: options.busy }, errors, log);
  }
  const commands = readCommands(api, options.location, errors, log);
  signal.addEventListener('abort', () => log('stopping: finishing orders in hand (Ctrl-C again to quit)'), { once: true });
  const counts = await working;
  commands.close();
  printSummary('pos', { ...counts, errors: counts.errors + errors.errors });
}

type AvailabilityCommand = { pause: number | 'until-resumed'; reason?: string } | { resume: true } | { busy: number } | { clearBusy: true };

/** Pauses, resumes, sets or clears busy mode at a location through PATCH …/availability, and logs the state it leads to. */
async function availabilityCommand(api: CounterpartClient, locationId: string, command: AvailabilityCommand, counts: { errors: number }, log: Log) {
  try {
    if ('pause' in command) {
      const until = command.pause === 'until-resumed' ? undefined : new Date(Date.now() + command.pause * 60_000).toISOString();
      await pauseOrdering(api, locationId, { until, reason: command.reason });
    } else if ('resume' in command) await resumeOrdering(api, locationId);
    else if ('busy' in command) await setBusy(api, locationId, command.busy);
    else await clearBusy(api, locationId);
    await logAvailability(api, locationId, log);
  } catch (error) {
    counts.errors += 1;
    log(`${locationId} availability: ${describeError(error)}`);
  }
}

/** One line of a location's availability: its state, why, until when, and busy mode. */
async function logAvailability(api: CounterpartClient, locationId: string, log: Log) {
  try {
    const now = await getAvailability(api, locationId);
    const clock = (iso: string) =>
      new Intl.DateTimeFormat('en-AU', { timeZone: now.timezone, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
    const why = now.note ?? now.reason;
    const busy = now.busy ? `, busy +${now.busy.minutes} min${now.busy.until ? ` until ${clock(now.busy.until)}` : ''}` : '';
    log(`${locationId} ${now.state}${now.until ? ` until ${clock(now.until)}` : ''}${why ? ` (${why})` : ''}${busy}`);
  } catch (error) {
    log(`${locationId} availability: ${describeError(error)}`);
  }
}

export const POS_COMMANDS = [
  'pause <minutes|until-resumed> [reason]   pause ordering at every location',
  'resume                                   take orders again',
  'busy <minutes>                           busy mode: orders ready 5–120 minutes later',
  'clear-busy                               end busy mode',
  'status                                   print each location’s availability',
];

/** Commands typed at the running POS (or piped to it), applied to every location it works at. */
function readCommands(api: CounterpartClient, locations: string[], counts: { errors: number }, log: Log) {
  const prompt = createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) log(`commands: ${POS_COMMANDS.map((line) => line.split(/\s{2,}/)[0]).join(' · ')}`);
  prompt.on('line', (line) => {
    const [word, argument, ...rest] = line.trim().split(/\s+/);
    let command: AvailabilityCommand | 'status' | undefined;
    const minutes = Number(argument);
    if (word === 'pause' && (argument === 'until-resumed' || (Number.isFinite(minutes) && minutes > 0)))
      command = { pause: argument === 'until-resumed' ? 'until-resumed' : minutes, reason: rest.join(' ') || undefined };
    else if (word === 'resume') command = { resume: true };
    else if (word === 'busy' && Number.isFinite(minutes)) command = { busy: minutes };
    else if (word === 'clear-busy') command = { clearBusy: true };
    else if (word === 'status') command = 'status';
    if (!command) return void (word && log(`unknown command; try: ${POS_COMMANDS.map((entry) => entry.split(/\s{2,}/)[0]).join(' · ')}`));
    for (const locationId of locations)
      void (command === 'status' ? logAvailability(api, locationId, log) : availabilityCommand(api, locationId, command, counts, log));
  });
  return prompt;
}
