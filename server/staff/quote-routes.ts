import { type Request, type Response, Router } from 'express';
import type { ExemptionStore } from '#server/exemptions/exemption-store.ts';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import type { SentQuote, VersionStore } from '#server/requests/version-store.ts';
import { type QuoteTaxSetting, withSalesTax } from '#shared/books/quote-tax.ts';
import { certificateWords, exemptionWarning } from '#shared/books/tax-exemption.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { type QuoteFormInput, readQuoteForm } from '#shared/requests/quote.ts';
import { canSendQuote, isStatusOf, type RequestStatus } from '#shared/requests/request-status.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';
import type { DeskStore } from './desk-store.ts';
import { compacted, editorRows, quoteFormInput, requestHandover, startingQuote } from './quote-editor.ts';

type EditorSource = Extract<DeskView, { page: 'quote' }>['source'];
/** The request's form as already read by the caller, so the editor does not read it again. */
type ReadForm = { values: Record<string, string> | undefined };
const sources: readonly EditorSource[] = ['engine', 'previous', 'form', 'none'];

/** A customer's exemption as the editor needs it: words for the invoice when exempt, a warning otherwise. */
export interface TaxExemption {
  exempt?: string;
  warning?: string;
}

/** The editor's reading of a customer's certificates on a day: exempt while one verified is valid. */
export function quoteExemption(
  exemptions: Pick<ExemptionStore, 'exemptionOf'>,
): (email: string, today: string) => Promise<TaxExemption> {
  return async (email, today) => {
    const standing = await exemptions.exemptionOf(email, today);
    if (standing.kind === 'verified') return { exempt: certificateWords(standing.certificate) };
    const warning = exemptionWarning(standing);
    return warning ? { warning } : {};
  };
}

interface QuoteRoutesOptions {
  desk: Pick<DeskStore, 'getRequestState'>;
  versions: Pick<VersionStore, 'quotesOf' | 'formValuesOf' | 'sendQuote'>;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  prices: () => PricingData;
  now: () => Date;
  /** The shop's load: the engine's lines carry a rush only when the press has room for it. */
  dates?: () => Promise<LoadDates>;
  /** The customer's tax exemption on a day: why no tax is owed, or what the desk must know before sending. */
  exemption?: (email: string, today: string) => Promise<TaxExemption>;
  onQueued?: () => void;
}

/**
 * The quote editor: /staff/requests/<reference>/quote opens with lines from the pricing engine (or the last
 * version sent), every line editable; "Update totals" shows the sums, "Send quote" freezes it as the next
 * version, moves the request to Quoted and mails the customer. Plain forms: it works without JavaScript, and
 * a refused send shows the form back as typed.
 */
export function quoteRoutes(options: QuoteRoutesOptions): Router {
  const router = Router();

  async function requestOf(reference: string) {
    const request = await options.desk.getRequestState(reference);
    if (!request) throw noSuchRequest();
    return request;
  }

  /**
   * How this request's quote is taxed (no rules: as typed), the warnings the desk reads before sending, and
   * the exemption found for the customer's e-mail, which the desk can set aside (`chargeTax`): an e-mail
   * typed on a form is not proof of who sent it, so the desk sees whose certificate leaves the tax off.
   */
  async function taxOf(
    reference: string,
    email: string,
    chargeTax: boolean,
    known?: ReadForm,
  ): Promise<{ setting?: QuoteTaxSetting; warnings: string[]; exemption?: string }> {
    const site = options.prices();
    const rules = site['sales-tax'];
    if (!rules || !site.config) return { warnings: [] };
    const [values, exemption] = await Promise.all([
      known ? known.values : options.versions.formValuesOf(reference),
      options.exemption?.(email, localToday(options.now())) ?? Promise.resolve({} as TaxExemption),
    ]);
    const { handover, warning } = requestHandover(values);
    const setting: QuoteTaxSetting = {
      rules,
      shopZip: site.config.address.postalCode,
      handover,
      ...(exemption.exempt && !chargeTax ? { exemption: exemption.exempt } : {}),
    };
    return {
      setting,
      warnings: [warning, exemption.warning].filter((text): text is string => text !== undefined),
      ...(exemption.exempt ? { exemption: exemption.exempt } : {}),
    };
  }

  /** The editor for `request` (its state, read without its files), with the rows as typed and their sums. */
  async function showEditor(
    req: Request,
    res: Response,
    reference: string,
    request: { name: string; email: string },
    editor: { from: RequestStatus; input: QuoteFormInput; source: EditorSource; chargeTax: boolean },
    errors: Record<string, string>,
    status = 200,
    known?: ReadForm & { quotes: readonly SentQuote[] },
  ) {
    const [quotes, tax] = await Promise.all([
      known?.quotes ?? options.versions.quotesOf(reference),
      taxOf(reference, request.email, editor.chargeTax, known),
    ]);
    const { rows, subtotal, salesTax, total, deposit } = editorRows(editor.input, tax.setting);
    await options.render(
      req,
      res,
      {
        page: 'quote',
        staff: staffOf(res),
        reference,
        name: request.name,
        email: request.email,
        from: editor.from,
        version: quotes.length + 1,
        source: editor.source,
        rows,
        notes: editor.input.notes,
        validUntil: editor.input.validUntil,
        depositPercent: editor.input.depositPercent,
        today: localToday(options.now()),
        ...(subtotal ? { subtotal } : {}),
        ...(salesTax ? { salesTax } : {}),
        taxWarnings: tax.warnings,
        ...(tax.exemption ? { exemption: { words: tax.exemption, chargeTax: editor.chargeTax } } : {}),
        ...(total ? { total } : {}),
        ...(deposit ? { deposit } : {}),
        errors,
      },
      status,
    );
  }

  router.get('/staff/requests/:reference/quote', async (req, res) => {
    const reference = referenceOf(req);
    const request = await requestOf(reference);
    if (!canSendQuote(request.kind, request.status))
      return res.redirect(303, `/staff/requests/${reference}?done=no-quote`);
    const [values, quotes] = await Promise.all([
      options.versions.formValuesOf(reference),
      options.versions.quotesOf(reference),
    ]);
    const start = startingQuote(
      values,
      options.prices(),
      quotes.at(-1),
      localToday(options.now()),
      options.now(),
      await options.dates?.(),
    );
    await showEditor(
      req,
      res,
      reference,
      request,
      { from: request.status, input: start, source: start.source, chargeTax: false },
      {},
      200,
      { quotes, values },
    );
  });

  router.post('/staff/requests/:reference/quote', async (req, res) => {
    const reference = referenceOf(req);
    const request = await requestOf(reference);
    const back = `/staff/requests/${reference}`;
    const from = textField(req.body, 'from');
    const input = compacted(quoteFormInput(req.body));
    const posted = textField(req.body, 'source');
    const source = sources.find((known) => known === posted) ?? 'none';
    // The status the editor was opened in goes round with every update, so a send still sees a change made meanwhile.
    const editor = {
      from: isStatusOf('quote', from) ? from : request.status,
      input,
      source,
      chargeTax: textField(req.body, 'chargeTax') === 'on',
    };
    if (textField(req.body, 'intent') !== 'send') return showEditor(req, res, reference, request, editor, {});
    if (!canSendQuote(request.kind, request.status)) return res.redirect(303, `${back}?done=no-quote`);
    if (from !== request.status) return res.redirect(303, `${back}?done=conflict`);
    const read = readQuoteForm(input, localToday(options.now()));
    if (!read.ok) return showEditor(req, res, reference, request, editor, read.errors, 422);
    const { setting } = await taxOf(reference, request.email, editor.chargeTax);
    const terms = setting ? { ...read.terms, lines: withSalesTax(read.terms.lines, setting) } : read.terms;
    const outcome = await options.versions.sendQuote(reference, terms, {
      from: request.status,
      to: 'quoted',
      actor: `staff:${staffOf(res)}`,
      // Written when sent, from the version stored here: the mail and the quote cannot differ.
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    if (!outcome.sent) {
      if (outcome.reason === 'missing') throw noSuchRequest();
      return res.redirect(303, `${back}?done=conflict`);
    }
    options.onQueued?.();
    req.log.info({ reference, version: outcome.version }, 'quote sent');
    res.redirect(303, `${back}?done=quoted`);
  });

  return router;
}
