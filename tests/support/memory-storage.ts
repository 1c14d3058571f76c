import type { NewSubmission, OutboxMessage, Storage, Submission } from '#server/storage/types.ts';

export interface MemoryStorage extends Storage {
  outbox: (OutboxMessage & { sentAt: Date | null })[];
}

/** The Storage contract in memory, as the SQLite one behaves: one outbox row per recipient. */
export function memoryStorage(): MemoryStorage {
  const submissions = new Map<string, Submission>();
  const outbox: MemoryStorage['outbox'] = [];
  let counter = 0;
  // Not outbox.length: rows are removed by a purge, and an id must never come back.
  let lastOutboxId = 0;
  const pending = (reference: string) => outbox.filter((row) => row.reference === reference && !row.sentAt).length;
  const row = (id: number) => {
    const found = outbox.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no outbox row ${id}`);
    return found;
  };
  return {
    outbox,
    async saveSubmission(submission: NewSubmission) {
      counter += 1;
      const prefix = submission.kind === 'quote' ? 'Q' : 'C';
      const reference = `${prefix}-2026-${String(counter).padStart(6, '0')}`;
      const createdAt = new Date('2026-03-14T15:04:05Z');
      submissions.set(reference, {
        ...submission,
        reference,
        createdAt,
        fileCount: submission.files.length,
        pendingNotifications: 0,
      });
      for (const recipient of ['shop', 'customer'] as const) {
        outbox.push({
          id: ++lastOutboxId,
          reference,
          recipient,
          attempts: 0,
          nextAttemptAt: createdAt,
          lastError: null,
          sentAt: null,
        });
      }
      return { reference };
    },
    async getSubmission(reference) {
      const found = submissions.get(reference);
      return found && { ...found, pendingNotifications: pending(reference) };
    },
    async listSubmissions() {
      return [...submissions.values()]
        .reverse()
        .map((found) => ({ ...found, pendingNotifications: pending(found.reference) }));
    },
    async dueNotifications(now, limit) {
      return outbox
        .filter((candidate) => !candidate.sentAt && candidate.nextAttemptAt <= now)
        .slice(0, limit)
        .map(({ sentAt: _sentAt, ...message }) => message);
    },
    async markNotificationSent(id, sentAt) {
      row(id).sentAt = sentAt;
    },
    async markNotificationFailed(id, error, nextAttemptAt) {
      const found = row(id);
      found.attempts += 1;
      found.lastError = error;
      found.nextAttemptAt = nextAttemptAt;
    },
    async deleteSubmissionsBefore(cutoff, { dryRun = false } = {}) {
      let deleted = 0;
      let keptUnsent = 0;
      for (const [reference, found] of submissions) {
        if (found.createdAt >= cutoff) continue;
        if (pending(reference) > 0) {
          keptUnsent += 1;
          continue;
        }
        deleted += 1;
        if (dryRun) continue;
        submissions.delete(reference);
        // In place: tests hold on to this array.
        for (let index = outbox.length - 1; index >= 0; index--) {
          if (outbox[index]?.reference === reference) outbox.splice(index, 1);
        }
      }
      return { deleted, keptUnsent };
    },
    async close() {},
  };
}
