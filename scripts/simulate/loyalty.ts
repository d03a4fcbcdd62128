import type { CounterpartEvent } from '../../sdk/src/index';
import { appClient, describeError, followEvents, logger, printSummary, receiveWebhooks, stopSignal, type CommonOptions } from './shared';

export interface LoyaltyOptions extends CommonOptions {
  program: string;
  reject: boolean;
  webhookPort?: number;
  webhookSecret?: string[];
}

/**
 * A loyalty partner: answers merchants' onboarding requests (approving them into --program, or rejecting with
 * --reject) and prints every loyalty activity and registered card it hears about.
 */
export async function runLoyalty(options: LoyaltyOptions) {
  const log = logger('loyalty');
  const api = appClient(options);
  const signal = stopSignal(options.duration);
  const counts = { onboardingDecided: 0, activities: 0, cards: 0, errors: 0 };
  log(`waiting for onboarding requests and loyalty activity on ${options.url} (Ctrl-C to stop)`);
  const onEvent = async (event: CounterpartEvent) => {
    try {
      if (event.type === 'NEW_ONBOARDING_REQUEST') {
        const onboardingReference = event.data.id;
        const { data: onboarding } = await api.GET('/locations/merchant-onboarding/loyalty/{onboardingReference}', {
          params: { path: { onboardingReference } },
        });
        log(`onboarding request ${onboardingReference} for ${onboarding?.tcLocationId} (${onboarding?.locationDetails?.name ?? 'unnamed'})`);
        const body = options.reject
          ? { action: 'REJECT' as const, reason: 'Not taking new venues' }
          : { action: 'APPROVE' as const, loyaltyProgramId: options.program };
        const { data: decided } = await api.POST('/locations/merchant-onboarding/loyalty/{onboardingReference}', {
          params: { path: { onboardingReference } },
          body,
        });
        counts.onboardingDecided += 1;
        log(`onboarding ${onboardingReference}: ${body.action.toLowerCase()}d → ${decided?.status}`);
      } else if (event.type === 'NEW_LOYALTY_ACTIVITY') {
        const { data: activity } = await api.GET('/loyalty/activities/{loyaltyActivityId}', { params: { path: { loyaltyActivityId: event.data.id } } });
        counts.activities += 1;
        log(`activity ${event.data.id} at ${event.locationId}: ${JSON.stringify(activity)}`);
      } else if (event.type === 'NEW_REGISTERED_CARD') {
        counts.cards += 1;
        log(`card registered: ${event.data.id}`);
      }
    } catch (error) {
      counts.errors += 1;
      log(`${event.type} ${event.data.id}: ${describeError(error)}`);
    }
  };
  if (options.webhookPort) {
    // Onboarding requests concern locations the partner is not connected to yet: they arrive by webhook.
    const stopReceiving = receiveWebhooks(options.webhookPort, options.webhookSecret ?? [], onEvent, log);
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    await stopReceiving();
  } else {
    await followEvents(api, onEvent, signal);
  }
  printSummary('loyalty', counts);
}
