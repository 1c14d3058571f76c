import { beforeAll } from 'vitest';
import { type DeskServer, deskServerForThisFile } from './browser-session.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from './stripe-stand-in.ts';

/**
 * The production server for this file's browser tests, its Stripe client pointed at a stand-in started
 * first (the server reads the stand-in's address from its environment when it starts).
 */
export function stripeDeskServerForThisFile(): { site: DeskServer; stripe: () => StripeStandIn } {
  let standIn: StripeStandIn | undefined;
  const stripe = () => {
    if (!standIn) throw new Error('The Stripe stand-in has not started yet');
    return standIn;
  };
  beforeAll(async () => {
    const started = await startStripeStandIn();
    standIn = started;
    return () => started.close();
  });
  const site = deskServerForThisFile(() => ({
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe().url,
  }));
  return { site, stripe };
}
