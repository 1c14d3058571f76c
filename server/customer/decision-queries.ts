import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { GroupApprovalStep } from '#server/groups/group-store.ts';
import type { ProductionBookingStep } from '#server/production/production-store.ts';
import type { Database } from '#server/storage/database.ts';
import type { DatabaseClock } from '#server/storage/database-clock.ts';
import { writePromisedDate } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { readDate, type StorageDatabase } from '#server/storage/schema.ts';
import type { DecisionState, DecisionVerdict } from '#shared/requests/decision-rules.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import { markCustomerActivity } from './customer-activity.ts';
import type { Approval, DecisionOutcome, VersionDecision } from './customer-store.ts';

// The customer's decisions on quote and proof versions: approvals are consent, so each is a row inserted
// once and never changed. The request's row is locked while what the decision depends on is read and
// judged (by the request service's rule, passed in), so an approval can never land on a quote that was
// revised or a proof replaced a moment before. This module only reads and writes.

/** What a decision is judged on, read under the request's lock: its status, newest quote and newest proof. */
async function decisionStateOf(trx: Kysely<StorageDatabase>, request: { id: number; status: RequestStatus }) {
  const latestQuote = await trx
    .selectFrom('quotes')
    .where('submission_id', '=', request.id)
    .orderBy('version', 'desc')
    .select(['version', 'valid_until'])
    .executeTakeFirst();
  const latestProof = await trx
    .selectFrom('proofs')
    .where('submission_id', '=', request.id)
    .orderBy('version', 'desc')
    .select('version')
    .executeTakeFirst();
  const proofApproval =
    latestProof &&
    (await trx
      .selectFrom('approvals')
      .where('submission_id', '=', request.id)
      .where('subject', '=', 'proof')
      .where('version', '=', latestProof.version)
      .where('decision', '=', 'approved')
      .select('id')
      .executeTakeFirst());
  return {
    status: request.status,
    ...(latestQuote ? { latestQuote: { version: latestQuote.version, validUntil: latestQuote.valid_until } } : {}),
    ...(latestProof ? { latestProof: { version: latestProof.version, approved: proofApproval !== undefined } } : {}),
  } satisfies DecisionState;
}

/** The SHA-256 (hex) of proof `version`'s file as stored. */
async function lockedFile(trx: Kysely<StorageDatabase>, submissionId: number, version: number) {
  const proof = await trx
    .selectFrom('proofs')
    .where('submission_id', '=', submissionId)
    .where('version', '=', version)
    .select('data')
    .executeTakeFirst();
  return proof && createHash('sha256').update(proof.data).digest('hex');
}

/** One decision's record, for good, and its line in the request's log, in the caller's transaction. */
async function recordDecision(
  trx: Kysely<StorageDatabase>,
  clock: DatabaseClock,
  submissionId: number,
  decision: VersionDecision,
  step: { subject: 'quote' | 'proof'; version: number; from: string; to: string | undefined },
) {
  const { subject, version, from, to } = step;
  // An approved proof locks the exact file: the checksum of the bytes stored for that version, read in the
  // same transaction as the approval, so the work order can prove the file printed is the one approved.
  const lock =
    subject === 'proof' && decision.decision === 'approved' ? await lockedFile(trx, submissionId, version) : undefined;
  await trx
    .insertInto('approvals')
    .values({
      submission_id: submissionId,
      subject,
      version,
      decision: decision.decision,
      name: decision.name,
      comment: decision.comment,
      ip: decision.ip,
      user_agent: decision.userAgent,
      at: clock.now(),
      file_sha256: lock ?? null,
      terms: lock && decision.terms ? decision.terms : null,
    })
    .execute();
  await appendEvent(trx, clock, submissionId, {
    actor: decision.actor ?? 'customer',
    type: 'decision',
    data: {
      subject,
      version,
      decision: decision.decision,
      ...(decision.name ? { name: decision.name } : {}),
      ...(decision.comment ? { comment: decision.comment } : {}),
      ...(decision.inPerson ? { inPerson: true } : {}),
      ...(to ? { from, to } : {}),
    },
  });
}

/**
 * The other features' parts of an approval, each run inside its transaction: the groups close the
 * request's open group, production books the order. The composition hands them over (feature-stores.ts).
 */
export interface ApprovalSteps {
  groups: GroupApprovalStep;
  production: ProductionBookingStep;
}

/** What an approval sets going, in the caller's transaction: the group closes, the order is booked. */
async function followApproval(
  trx: Transaction<StorageDatabase>,
  { clock }: Database,
  steps: ApprovalSteps,
  submissionId: number,
  decision: VersionDecision,
  to: RequestStatus | undefined,
) {
  const approved = to === 'approved' || to === 'proof_approved';
  // An approved quote is consent to the order as it stands: a group still collecting sizes would
  // otherwise keep adding pieces the approved price never covered, so it closes here.
  if (decision.decision === 'approved' && approved)
    await steps.groups.closeAtApproval(trx, submissionId, decision.actor ?? 'customer');
  // An approved quote commits the order: it is booked on the press, from the load read under the
  // production lock (one booking at a time). The approved proof books it again, from then, and sets
  // the day it is promised for with it.
  if (approved && decision.book) {
    await steps.production.lock(trx);
    const booking = decision.book(await steps.production.bookedWork(trx, submissionId));
    if (booking) {
      await steps.production.book(trx, submissionId, booking);
      if (to === 'proof_approved') await writePromisedDate(trx, clock, submissionId, booking.promised, 'system');
    }
  }
}

/** The customer's decision on a version, judged and recorded under the request's lock (CustomerStore's contract). */
export function decideVersion(
  database: Database,
  steps: ApprovalSteps,
  reference: string,
  decision: VersionDecision,
  judge: (state: DecisionState) => DecisionVerdict,
): Promise<DecisionOutcome> {
  const { db, dialect, clock } = database;
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('submissions')
      .where('reference', '=', reference)
      .where('kind', '=', 'quote')
      .select(['id', 'status'])
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!request) return 'missing';
    const verdict = judge(await decisionStateOf(trx, request));
    if (!verdict.ok) return verdict.refusal;

    if (verdict.withProof === undefined) {
      await recordDecision(trx, clock, request.id, decision, {
        subject: decision.subject,
        version: decision.version,
        from: request.status,
        to: verdict.to,
      });
    } else {
      // The quote and the draft proof sent with it, approved at once: two records, each its own step.
      await recordDecision(trx, clock, request.id, decision, {
        subject: 'quote',
        version: decision.version,
        from: request.status,
        to: 'approved',
      });
      await recordDecision(trx, clock, request.id, decision, {
        subject: 'proof',
        version: verdict.withProof,
        from: 'approved',
        to: verdict.to,
      });
    }
    if (verdict.to) {
      await trx
        .updateTable('submissions')
        .set({ status: verdict.to, status_changed_at: clock.now() })
        .where('id', '=', request.id)
        .execute();
    }
    await followApproval(trx, database, steps, request.id, decision, verdict.to);
    if ((decision.actor ?? 'customer') === 'customer') await markCustomerActivity(trx, clock, request.id);
    // The customer's receipt of their approval, whoever recorded it (on their page or at the counter).
    if (decision.decision === 'approved') {
      await insertQueuedMail(trx, clock, {
        mail: {
          kind: 'approval-receipt',
          subject: decision.subject,
          version: decision.version,
          ...(verdict.withProof === undefined ? {} : { withProof: verdict.withProof }),
        },
        recipient: 'customer',
        submissionId: request.id,
      });
    }
    if (decision.mail)
      await insertQueuedMail(trx, clock, { mail: decision.mail, recipient: 'staff', submissionId: request.id });
    return 'recorded';
  });
}

/** Every decision recorded on the request, oldest first. */
export async function approvalsOf({ db }: Database, reference: string): Promise<Approval[]> {
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
      'approvals.file_sha256',
      'approvals.terms',
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
    ...(row.file_sha256 ? { fileSha256: row.file_sha256 } : {}),
    ...(row.terms ? { terms: row.terms } : {}),
  }));
}
