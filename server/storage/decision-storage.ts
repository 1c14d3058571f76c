import type { Kysely } from 'kysely';
import type { DatabaseClock, SqlDialect } from './database-clock.ts';
import { insertReadyMail } from './ready-mail.ts';
import { appendEvent } from './request-events.ts';
import { readDate, type StorageDatabase } from './schema.ts';
import type { Approval, DecisionOutcome, VersionDecision } from './types.ts';

/**
 * The customer's decisions on quote and proof versions (issue 14): approvals are consent, so each is a
 * row inserted once and never changed, checked against the newest version under the request's lock,
 * so an approval can never land on a quote that was revised or a proof replaced a moment before.
 */
export function createDecisionStorage(db: Kysely<StorageDatabase>, dialect: SqlDialect, clock: DatabaseClock) {
  return {
    decideVersion(reference: string, decision: VersionDecision): Promise<DecisionOutcome> {
      return db.transaction().execute(async (trx) => {
        const request = await trx
          .selectFrom('submissions')
          .where('reference', '=', reference)
          .where('kind', '=', 'quote')
          .select(['id', 'status'])
          .$if(dialect === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        if (!request) return 'missing';
        const table = decision.subject === 'quote' ? 'quotes' : 'proofs';
        const latest = await trx
          .selectFrom(table)
          .where('submission_id', '=', request.id)
          .select((eb) => eb.fn.max('version').as('version'))
          .executeTakeFirst();
        if (Number(latest?.version ?? 0) !== decision.version) return 'superseded';
        if (request.status !== decision.from) return 'not-waiting';
        if (decision.subject === 'quote') {
          const quote = await trx
            .selectFrom('quotes')
            .where('submission_id', '=', request.id)
            .where('version', '=', decision.version)
            .select('valid_until')
            .executeTakeFirstOrThrow();
          if (decision.decision === 'approved' && quote.valid_until < decision.today) return 'expired';
        }
        await trx
          .insertInto('approvals')
          .values({
            submission_id: request.id,
            subject: decision.subject,
            version: decision.version,
            decision: decision.decision,
            name: decision.name,
            comment: decision.comment,
            ip: decision.ip,
            user_agent: decision.userAgent,
            at: clock.now(),
          })
          .execute();
        const approved = decision.decision === 'approved';
        if (approved) {
          await trx
            .updateTable('submissions')
            .set({ status: decision.to, status_changed_at: clock.now() })
            .where('id', '=', request.id)
            .execute();
        }
        await appendEvent(trx, clock, request.id, {
          actor: 'customer',
          type: 'decision',
          data: {
            subject: decision.subject,
            version: decision.version,
            decision: decision.decision,
            ...(decision.name ? { name: decision.name } : {}),
            ...(decision.comment ? { comment: decision.comment } : {}),
            ...(approved ? { from: decision.from, to: decision.to } : {}),
          },
        });
        if (decision.mail)
          await insertReadyMail(trx, clock, { mail: decision.mail, recipient: 'staff', submissionId: request.id });
        return 'recorded';
      });
    },

    async approvalsOf(reference: string): Promise<Approval[]> {
      const rows = await db
        .selectFrom('approvals')
        .innerJoin('submissions', 'submissions.id', 'approvals.submission_id')
        .where('submissions.reference', '=', reference)
        .orderBy('approvals.id')
        .select([
          'approvals.subject',
          'approvals.version',
          'approvals.decision',
          'approvals.name',
          'approvals.comment',
          'approvals.ip',
          'approvals.user_agent',
          'approvals.at',
        ])
        .execute();
      return rows.map((row) => ({
        subject: row.subject,
        version: row.version,
        decision: row.decision,
        name: row.name,
        comment: row.comment,
        ip: row.ip,
        userAgent: row.user_agent,
        at: readDate(row.at),
      }));
    },
  };
}
