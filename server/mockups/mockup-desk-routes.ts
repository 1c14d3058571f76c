import { type Request, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import type { RequestService } from '#server/requests/request-service.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { isStatusOf } from '#shared/requests/request-status.ts';
import { storedDesign } from '#shared/submissions/design-field.ts';
import { locationFields, MAX_LOCATIONS } from '#shared/submissions/quote-fields.ts';
import { createQuoteSchema } from '#shared/submissions/quote-form.ts';
import { mockupOrderOf } from './mockup-order.ts';
import type { MockupStore } from './mockup-store.ts';
import { sendMockup } from './mockup-views.ts';

/** What the desk is told after adjusting a mockup or making a proof of it. */
export const mockupNotices = {
  'mockup-saved': { type: 'success', text: 'Mockup redrawn with the new placement.' },
  'mockup-placement': {
    type: 'error',
    text: 'That placement does not fit: keep the artwork inside the print area, no wider than the location takes.',
  },
  'mockup-none': { type: 'error', text: 'This request has no mockup to work from.' },
} as const;

interface MockupDeskRoutesOptions {
  desk: Pick<DeskStore, 'getRequest' | 'getRequestState'>;
  mockups: MockupStore;
  versions: Pick<VersionStore, 'formValuesOf' | 'sendProof'>;
  requests: RequestService;
  prices: () => PricingData;
  onQueued?: () => void;
}

/**
 * The desk's side of the mockups, mounted behind the desk's sign-in: the pictures, a new placement (the
 * customer's order redrawn from their stored files), and "Use as proof": the mockups stamped with the print
 * sizes and colours, sent for approval as any proof is.
 */
export function mockupDeskRoutes(options: MockupDeskRoutesOptions): Router {
  const router = Router();

  router.get('/staff/requests/:reference/mockups/:view', async (req, res) => {
    if (!sendMockup(res, await options.mockups.mockupsOf(referenceOf(req)), String(req.params.view)))
      throw createHttpError(404, 'There is no such mockup.');
  });

  router.post('/staff/requests/:reference/mockups', async (req: Request, res: Response) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    const [request, formValues] = await Promise.all([
      options.desk.getRequest(reference),
      options.versions.formValuesOf(reference),
    ]);
    if (!request) throw noSuchRequest();
    if (!formValues) return res.redirect(303, `${back}?done=mockup-none`);
    // The date is no part of the picture, and a past one would fail today's check.
    const { inHands: _date, ...values } = formValues;
    for (let row = 1; row <= MAX_LOCATIONS; row += 1) {
      for (const name of [locationFields(row).artWidth, locationFields(row).artX, locationFields(row).artY]) {
        const posted = textField(req.body, name);
        if (posted !== '') values[name] = posted;
      }
    }
    const prices = options.prices();
    const parsed = createQuoteSchema(prices).safeParse(values);
    if (!parsed.success) return res.redirect(303, `${back}?done=mockup-placement`);
    // The studio design is drawn again with the files, or the redraw would drop it from the picture.
    const order = mockupOrderOf(parsed.data, prices[parsed.data.service].garments, request.files, {
      design: storedDesign(formValues),
    });
    if (!order) return res.redirect(303, `${back}?done=mockup-none`);
    const { renderMockups } = await import('./render-mockups.ts');
    const drawn = await renderMockups(order);
    if (Object.keys(drawn.errors).length > 0 || drawn.mockups.length === 0)
      return res.redirect(303, `${back}?done=mockup-placement`);
    await options.mockups.replaceMockups(reference, drawn.mockups);
    req.log.info({ reference, staff: staffOf(res) }, 'mockup redrawn');
    res.redirect(303, `${back}?done=mockup-saved#mockup`);
  });

  router.post('/staff/requests/:reference/mockups/proof', async (req: Request, res: Response) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    const request = await options.desk.getRequestState(reference);
    if (!request) throw noSuchRequest();
    const to = options.requests.proofStep(request.kind, request.status);
    if (!to) return res.redirect(303, `${back}?done=no-proof`);
    const from = textField(req.body, 'from');
    if (!isStatusOf('quote', from) || from !== request.status) return res.redirect(303, `${back}?done=conflict`);
    const [mockups, formValues] = await Promise.all([
      options.mockups.mockupsOf(reference),
      options.versions.formValuesOf(reference),
    ]);
    if (mockups.length === 0) return res.redirect(303, `${back}?done=mockup-none`);
    const inks = (row: number) => {
      const colors = formValues?.[locationFields(row).colors]?.trim();
      return colors ? `${colors} ink color${colors === '1' ? '' : 's'}` : undefined;
    };
    // sharp loads only when a proof is made.
    const { proofSheet, proofStampLines } = await import('./proof-sheet.ts');
    const lines = proofStampLines(reference, mockups, inks);
    const data = await proofSheet(mockups, lines);
    const typed = textField(req.body, 'notes').slice(0, 2000);
    const outcome = await options.versions.sendProof(
      reference,
      {
        file: { name: `${reference}-proof.png`, mediaType: 'image/png', size: data.length, data },
        widthInches: null,
        heightInches: null,
        // The prints' sizes and inks, as the customer reads them beside the proof.
        notes: [lines.slice(2).join('; '), typed].filter(Boolean).join('\n'),
      },
      { from, to, actor: `staff:${staffOf(res)}`, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    if (!outcome.sent) return res.redirect(303, `${back}?done=conflict`);
    options.onQueued?.();
    req.log.info({ reference, version: outcome.version }, 'proof sent from the mockup');
    res.redirect(303, `${back}?done=proof-sent`);
  });

  return router;
}
