import type { Request, RequestHandler, Response, Router } from 'express';
import type { StoredMockup } from '#server/mockups/mockup-store.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import type { CreditNoteReads, MoneyReads } from '#server/requests/money-of.ts';
import type { CertificateDraft, CustomerPageExemption } from '#shared/books/tax-exemption.ts';
import type { CustomerPageMoney, CustomerPageView } from '#shared/customer-page-contract.ts';
import type { MockupView } from '#shared/garments/mockup-view.ts';
import type { CustomerPageGroup, GroupFormState } from '#shared/groups/group-contract.ts';
import type { PaymentTerms } from '#shared/pricing/order-terms.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { CustomerPageStores } from '#shared/stores/store-contract.ts';
import type { CustomerRequest } from './customer-store.ts';

/*
 * The parts of the customer's page other features word: the page asks for them by these shapes and the
 * app hands in each feature's own, so this folder never reaches into those features' modules.
 */

/** What the page's routes give the group's forms: the link check, the post limit and the page itself. */
interface SectionHooks {
  opened: RequestHandler;
  postLimit: RequestHandler;
  sendPage: (
    req: Request,
    res: Response,
    extra: {
      status?: number;
      notice?: CustomerPageView['notice'];
      groupForm?: GroupFormState;
      exemptionDraft?: CertificateDraft;
    },
  ) => Promise<void>;
  pageOf: (req: Request) => { reference: string; path: string };
}

/** The organiser's group order: its section of the page, its forms under the page's address, their notices. */
export interface GroupSection {
  section(request: CustomerRequest, path: string, form?: GroupFormState): Promise<CustomerPageGroup | undefined>;
  mount(router: Router, page: SectionHooks, base: string): void;
  notices: Readonly<Record<string, NonNullable<CustomerPageView['notice']>>>;
}

/** The customer's tax-exemption certificates: the section, its form and file under the page's address, its notices. */
export interface ExemptionSection {
  section(request: CustomerRequest, path: string, draft?: CertificateDraft): Promise<CustomerPageExemption | undefined>;
  mount(router: Router, page: SectionHooks, base: string): void;
  notices: Readonly<Record<string, NonNullable<CustomerPageView['notice']>>>;
}

/** The request's mockups: the pictures as the page shows them (served under `base`), and one picture sent. */
export interface MockupPictures {
  views: (mockups: readonly StoredMockup[], base: string) => MockupView[];
  send: (res: Response, mockups: readonly StoredMockup[], view: string) => boolean;
}

/** The money section, from the money's reads and the request's Checkout Sessions; undefined before a quote is approved. */
export type MoneySection = (
  reads: MoneyReads & { payments: Pick<PaymentStore, 'checkoutSessionsOf'>; books: CreditNoteReads },
  page: {
    reference: string;
    path: string;
    status: RequestStatus;
    /** Stripe is set up: the page offers its payment page. */
    payOnline: boolean;
    terms: PaymentTerms;
    /** Back from Stripe's page: the session it was about, or "cancelled". */
    returned?: { session: string } | 'cancelled';
    now: Date;
  },
) => Promise<CustomerPageMoney | undefined>;

/**
 * The request's team stores, each with its organiser's private page (undefined when there is nothing to
 * show), and the organiser's own opening form under the page's address when the shop allows it.
 */
export interface StoresSection {
  section(reference: string, path: string): Promise<CustomerPageStores | undefined>;
  mount(router: Router, page: Pick<SectionHooks, 'opened' | 'postLimit' | 'pageOf'>, base: string): void;
}
