import { createHash } from 'node:crypto';
import type { Approval } from '#server/customer/customer-store.ts';
import type { SentProof, VersionStore } from './version-store.ts';

/** The proof file a work order prints, checked against the one the customer approved. */
export interface PrintedFileCheck {
  version: number;
  /** SHA-256 (hex) of the file as stored now. */
  sha256: string;
  /** The approved version and the checksum kept with its approval (none for approvals from before). */
  approved?: { version: number; sha256?: string };
  /** Why this file must not go to the press as it is; absent when it is the approved file, byte for byte. */
  warning?: string;
}

/**
 * The file the work order prints (the approved proof, else the newest) hashed now and compared with the
 * checksum the approval locked: a file changed since, or a newer proof sent after the approval, is said
 * in words before anything is printed.
 */
export async function printedFileCheck(
  versions: Pick<VersionStore, 'getProofFile'>,
  reference: string,
  proofs: readonly SentProof[],
  approvals: readonly Approval[],
): Promise<PrintedFileCheck | undefined> {
  const approval = approvals.findLast((item) => item.subject === 'proof' && item.decision === 'approved');
  const newest = proofs.at(-1);
  const printed = (approval && proofs.find((proof) => proof.version === approval.version)) ?? newest;
  if (!printed) return undefined;
  const file = await versions.getProofFile(reference, printed.version);
  if (!file) return undefined;
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const approved = approval && {
    version: approval.version,
    ...(approval.fileSha256 ? { sha256: approval.fileSha256 } : {}),
  };
  // A proof not approved yet is said where it shows (the work order's "Not approved yet"); no warning here.
  const warning = !approved
    ? undefined
    : approved.sha256 && approved.sha256 !== sha256
      ? `The file of proof v${printed.version} is not the one the customer approved: its checksum differs from the approval's. Do not print it; send the proof again.`
      : newest && newest.version > approved.version
        ? `Proof v${newest.version} was sent after the customer approved v${approved.version}: the work order prints the approved v${approved.version}. Check which the press should use.`
        : undefined;
  return { version: printed.version, sha256, ...(approved ? { approved } : {}), ...(warning ? { warning } : {}) };
}
