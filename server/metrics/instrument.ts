import type { MailTransport } from '#server/mail/mail-transport.ts';
import type { AppMetrics } from './app-metrics.ts';

/** An error code worth a label: SQLITE_BUSY, ECONNREFUSED, 57P01…; anything else is "other", so the label stays bounded. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? code : 'other';
}

/**
 * A store with its failures counted (seenwear_database_errors_total, by method and code), and for the
 * submissions' store each stored submission counted by kind. Each store is wrapped once as start-up
 * builds it, so every caller (routes, outbox, health) is counted without knowing about metrics.
 */
export function instrumentStore<S extends object>(store: S, metrics: AppMetrics): S {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return async (...args: unknown[]) => {
        try {
          const result: unknown = await value.apply(target, args);
          if (property === 'saveSubmission') {
            // A submission saved (not a repeat of one) is counted by its kind.
            const saved = result as { repeated: boolean; kind: 'quote' | 'contact' };
            if (!saved.repeated) metrics.submissions.inc({ kind: saved.kind });
          }
          return result;
        } catch (error) {
          metrics.databaseErrors.inc({ operation: property, code: codeOf(error) });
          throw error;
        }
      };
    },
  });
}

/** The transport with each send timed into seenwear_mail_send_duration_seconds. */
export function instrumentTransport(transport: MailTransport, metrics: AppMetrics): MailTransport {
  return {
    async sendMail(message) {
      const end = metrics.mailSendDuration.startTimer();
      try {
        const result = await transport.sendMail(message);
        end({ outcome: 'sent' });
        return result;
      } catch (error) {
        end({ outcome: 'failed' });
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
