import type { Logger } from 'pino';
import type { AppConfig } from '#server/config.ts';
import { heldByShareCap } from '#server/groups/share-mail-cap.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import { linkKeys } from '#server/http/link-secrets.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { createMailTransport, type MailTransport } from '#server/mail/mail-transport.ts';
import { type OutboxWorker, type OutboxWorkerOptions, startOutboxWorker } from '#server/mail/outbox-worker.ts';
import type { AppMetrics } from '#server/metrics/app-metrics.ts';
import { instrumentTransport } from '#server/metrics/instrument.ts';
import { buildMail, type MailReads } from './build-mail.ts';

/** The stores the worker's bookkeeping, the mails and the share-link caps use, as start-up hands them over. */
export type NotificationStores = MailReads & {
  outbox: OutboxWorkerOptions['outbox'];
  limits: Pick<LimitStore, 'countHit' | 'uncountHit'>;
};

/** What start-up hands the notifications: the mail settings (null without SMTP), the shop's contact data and the stores the mails are written from. */
export interface NotificationsOptions {
  config: Pick<AppConfig, 'mail' | 'publicUrl'> &
    Partial<Pick<AppConfig, 'outboxLeaseMs' | 'staffEmails' | 'csrfSecret' | 'stripe'>>;
  /** data/config.json: the shop's name and contact, for the customer's confirmation. */
  site: MailSettings['shop'];
  /** The shop's time zone (data/order-terms.json), for the times the mails give. */
  timeZone?: string;
  stores: NotificationStores;
  logger: Logger;
  /** For tests; otherwise an SMTP transport for config.mail.smtpUrl. */
  transport?: MailTransport;
  intervalMs?: number;
  /** Where each send's duration is recorded (seenwear_mail_send_duration_seconds). */
  metrics?: AppMetrics;
}

/** The outbox worker writing the features' mails from these stores, with the share-link caps in front. */
export function startMailWorker(
  stores: NotificationStores,
  settings: MailSettings,
  options: Omit<OutboxWorkerOptions, 'outbox' | 'write' | 'holdBack'>,
): OutboxWorker {
  return startOutboxWorker({
    ...options,
    outbox: stores.outbox,
    write: (row) => buildMail(row, stores, settings),
    holdBack: (row) => heldByShareCap(stores, row),
  });
}

/**
 * Starts the outbox worker, or only says why not: without SMTP the submissions stay in the outbox,
 * to be sent once SMTP_URL is set and the server restarted. Null means nothing was started.
 */
export function startNotifications(options: NotificationsOptions): OutboxWorker | null {
  const { config, site, stores, logger } = options;
  if (!config.mail) {
    logger.warn('notification is off: SMTP_URL is not set; submissions are kept in the outbox');
    return null;
  }
  const created = options.transport ?? createMailTransport(config.mail.smtpUrl);
  const transport = options.metrics ? instrumentTransport(created, options.metrics) : created;
  const settings: MailSettings = {
    from: config.mail.from,
    shopEmail: config.mail.shopEmail,
    shop: site,
    publicUrl: config.publicUrl,
    ...(config.staffEmails?.length ? { deskUrl: `${config.publicUrl}/staff` } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(config.stripe ? { cardPayments: true } : {}),
    // The same keys the app makes its links with: a mail's link is made as it is sent.
    ...(config.csrfSecret ? { linkKeys: linkKeys(config.csrfSecret) } : {}),
  };
  const worker = startMailWorker(stores, settings, {
    transport,
    logger,
    intervalMs: options.intervalMs,
    ...(config.outboxLeaseMs === undefined ? {} : { leaseMs: config.outboxLeaseMs }),
  });
  // The host only: the URL usually carries the SMTP password.
  logger.info({ smtpHost: new URL(config.mail.smtpUrl).host }, 'notification is on');
  return {
    drain: worker.drain,
    wake: worker.wake,
    async stop(graceMs) {
      await worker.stop(graceMs);
      transport.close();
    },
  };
}
