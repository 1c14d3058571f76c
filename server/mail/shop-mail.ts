import type { MailFacts } from '#server/storage/mail-facts.ts';
import type { MailDraft } from './mail-draft.ts';
import { inertText } from './user-text.ts';

/** What a customer did on their private page, told to the shop (SHOP_EMAIL). */
export type ToShopFacts = Extract<
  MailFacts,
  { kind: 'customer-wrote' | 'customer-decided' | 'customer-cancelled' | 'customer-asked-quote' }
>;

function labelOf(facts: Extract<ToShopFacts, { kind: 'customer-decided' }>): string {
  return `${facts.subject} v${facts.version}`;
}

/** The subject of each, from its facts alone: the desk lists a queued mail under the subject it goes with. */
export function toShopSubject(facts: ToShopFacts, reference: string): string {
  switch (facts.kind) {
    case 'customer-wrote':
      return `The customer wrote (${reference})`;
    case 'customer-decided':
      return facts.decision === 'approved'
        ? `The customer approved ${labelOf(facts)} (${reference})`
        : `The customer asked for changes to ${labelOf(facts)} (${reference})`;
    case 'customer-cancelled':
      return `The customer cancelled (${reference})`;
    case 'customer-asked-quote':
      return `The customer asks for a fresh quote (${reference})`;
  }
}

function linesOf(facts: ToShopFacts, reference: string): string[] {
  switch (facts.kind) {
    case 'customer-wrote':
      return [
        `The customer wrote about quote request ${reference}:`,
        '',
        facts.text ? inertText(facts.text) : '(no text)',
        ...(facts.files.length > 0
          ? [
              '',
              `With ${facts.files.length === 1 ? 'a file' : `${facts.files.length} files`}: ${inertText(facts.files.join(', '))}`,
            ]
          : []),
      ];
    case 'customer-decided':
      return facts.decision === 'approved'
        ? [
            `The customer approved ${labelOf(facts)} of ${reference}, signing as “${inertText(facts.name)}”.`,
            ...(facts.comment ? ['', inertText(facts.comment)] : []),
          ]
        : [`The customer asked for changes to ${labelOf(facts)} of ${reference}:`, '', inertText(facts.comment)];
    case 'customer-cancelled':
      return [
        `The customer cancelled quote request ${reference}.`,
        '',
        facts.reason ? `Their reason: ${inertText(facts.reason)}` : 'They gave no reason.',
      ];
    case 'customer-asked-quote':
      return [
        `Quote v${facts.version} of ${reference} passed its valid-until date before the customer approved it, and they ask for a fresh one.`,
        '',
        'Write a new version (its lines start from the last one) and send it: the customer is e-mailed it.',
      ];
  }
}

/** The shop's mail about what the customer did, with the way to the request on the desk. */
export function toShopMail(
  facts: ToShopFacts,
  { reference, shopEmail, publicUrl }: { reference: string; shopEmail: string; publicUrl: string },
): MailDraft {
  return {
    to: shopEmail,
    subject: toShopSubject(facts, reference),
    text: [...linesOf(facts, reference), '', `Open it on the desk: ${publicUrl}/staff/requests/${reference}`].join(
      '\n',
    ),
  };
}
