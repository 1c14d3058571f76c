import type { StoredMockup } from '#server/mockups/mockup-store.ts';
import type { MoneyReads } from '#server/requests/money-of.ts';
import type { RequestEvent } from '#server/storage/activity.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import type { PaymentTerms } from '#shared/pricing/order-terms.ts';
import type { PrintArea } from '#shared/pricing/types.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';

type RequestPageView = Extract<DeskView, { page: 'request' }>;

/**
 * The sections of the desk's request page that other features word from what the page read: the mockups
 * feature its pictures and placements, the payments feature its money card. The page asks for them by
 * this shape; the app hands in each feature's own (as it does the group's section and the notices), so
 * the desk never reaches into those features' modules.
 */
export interface DeskSections {
  /** The pictures, each placement as the adjustment form starts it, and any print size to quote again. */
  mockups: (
    mockups: readonly StoredMockup[],
    base: string,
    formValues: Readonly<Record<string, string>> | undefined,
    areas: readonly PrintArea[],
  ) => Pick<RequestPageView, 'mockups' | 'placements' | 'printSizeWarnings'>;
  /** The money card; undefined before a quote is approved. */
  money: (
    reads: MoneyReads,
    page: {
      reference: string;
      status: RequestStatus;
      events: readonly RequestEvent[];
      stripe: boolean;
      terms: PaymentTerms;
    },
  ) => Promise<RequestPageView['money']>;
  /** The blanks' stock for the garment, colour and sizes asked; undefined when nothing is known of it. */
  stock?: (formValues: Readonly<Record<string, string>> | undefined) => Promise<RequestPageView['stock']>;
  /** The payment terms card (the books'); undefined when there is none for this request. */
  invoiceTerms?: (reference: string) => Promise<RequestPageView['invoiceTerms']>;
  /** What holds up a job waiting for blanks that came short; undefined when nothing does. */
  blanksHold?: (reference: string) => Promise<string | undefined>;
  /** The customer's tax-exemption certificates and their standing; undefined while they sent none. */
  exemption?: (request: { reference: string; email: string }) => Promise<RequestPageView['exemption']>;
}
