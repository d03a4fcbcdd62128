// `npm run simulate -- <pos|ordering-app|booking-app|loyalty> [options]`: partners built on @counterpart/client that
// exercise a running Counterpart (the demo tenant by default), printing what they do as they go.
import { Command, InvalidArgumentError, Option } from 'commander';
import { runBookingApp } from './simulate/booking-app';
import { runLoyalty } from './simulate/loyalty';
import { runOrderingApp } from './simulate/ordering-app';
import { POS_COMMANDS, runPos } from './simulate/pos';

const number = (value: string) => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new InvalidArgumentError('Not a non-negative number.');
  return parsed;
};
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];
// --location a,b or --location a --location b: every location named, once each.
const collectLocations = (value: string, previous: string[] | undefined) => [
  ...new Set([
    ...(previous ?? []),
    ...value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  ]),
];
const DEFAULT_LOCATION = 'demo-bistro-cbd';
const pauseFor = (value: string) => {
  if (value === 'until-resumed') return value;
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new InvalidArgumentError('A number of minutes, or until-resumed.');
  return minutes;
};
const busyMinutes = (value: string) => {
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 120) throw new InvalidArgumentError('Whole minutes, 5 to 120.');
  return minutes;
};
const seatBookings = (value: string) => {
  if (value !== 'at-once' && value !== 'never') throw new InvalidArgumentError('Either at-once or never.');
  return value;
};

function withCommon(command: Command, locationDefault = `default: ${DEFAULT_LOCATION}`) {
  return command
    .addOption(new Option('--url <url>', 'PUBLIC_URL of the Counterpart installation').env('COUNTERPART_URL').default('http://localhost:3000'))
    .option('--client-id <id>', 'client id (or COUNTERPART_CLIENT_ID)')
    .option('--client-secret <secret>', 'client secret of an app (or COUNTERPART_CLIENT_SECRET)')
    .option('--location <locationId>', `a location to work at: repeat it, or separate several with commas (${locationDefault})`, collectLocations)
    .option('--duration <seconds>', 'stop after this many seconds (default: until Ctrl-C)', number);
}

const program = new Command('simulate').description('Counterpart partner simulators, built on @counterpart/client').showHelpAfterError();

withCommon(program.command('pos').description('a POS: device sign-in, WebSocket, works orders, bookings and table sales'))
  .option('--token-file <path>', 'where the device tokens are kept between runs', '.data/simulate-pos-tokens.json')
  .option('--accept-delay <seconds>', 'wait before accepting (or rejecting) an order', number, 2)
  .option('--prepare-delay <seconds>', 'wait before preparing', number, 3)
  .option('--ready-delay <seconds>', 'wait before marking ready', number, 3)
  .option('--reject-share <fraction>', 'share of orders rejected, 0–1', number, 0.1)
  .option('--sale-every <seconds>', 'open (and later close) a table sale this often; 0 never', number, 20)
  .option(
    '--seat-bookings <when>',
    'at-once: seat and finalise each booking right after accepting it; never: accept only, the host seats it',
    seatBookings,
    'at-once',
  )
  .option('--pause <minutes>', 'at start, pause ordering at every location for this many minutes, or until-resumed', pauseFor)
  .option('--reason <text>', 'the reason given with --pause (e.g. "Kitchen issue")')
  .option('--busy <minutes>', 'at start, set busy mode: orders ready 5–120 minutes later', busyMinutes)
  .addHelpText('after', `\nWhile it runs, type (applies to every location):\n${POS_COMMANDS.map((line) => `  ${line}`).join('\n')}`)
  .action((options) => runPos({ ...options, location: options.location ?? [DEFAULT_LOCATION] }));

withCommon(program.command('ordering-app').description('an ordering app: places sample orders and follows their journey'))
  .option('--rate <per-minute>', 'orders placed a minute', number, 12)
  .option('--collect-delay <seconds>', 'wait after READY before the customer collects (FULFILLED)', number, 2)
  .option('--webhook-port <port>', 'receive webhooks on this port instead of reading the events feed', number)
  .option('--webhook-secret <whsec>', "the endpoint's secret (repeat both while rotating)", collect)
  .option('--drain-timeout <seconds>', 'after stopping, wait this long for open orders to finish', number, 150)
  .action((options) => runOrderingApp({ ...options, location: options.location ?? [DEFAULT_LOCATION] }));

withCommon(program.command('booking-app').description('a booking app: books tables and follows each booking'))
  .option('--rate <per-minute>', 'bookings made a minute', number, 4)
  .action((options) => runBookingApp({ ...options, location: options.location ?? [DEFAULT_LOCATION] }));

withCommon(
  program.command('loyalty').description('a loyalty partner: answers onboarding requests, prints loyalty activity'),
  'default: none, answers every request',
)
  .option('--program <loyaltyProgramId>', 'program approved onboarding requests join', 'demo-rewards')
  .option('--reject', 'reject onboarding requests instead', false)
  .option('--webhook-port <port>', 'receive webhooks on this port instead of reading the events feed', number)
  .option('--webhook-secret <whsec>', "the endpoint's secret (repeat both while rotating)", collect)
  .action((options) => runLoyalty({ ...options, location: options.location ?? [] }));

program.parseAsync().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
