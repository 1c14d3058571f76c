import type { Request, Response } from 'express';
import type { Csrf } from '#server/http/csrf.ts';
import type { DeskRenderOptions, DeskView } from '#shared/desk-contract.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';

/** Answers with one desk page: the desk's own routers and those the app mounts beside them share it. */
export type DeskRender = (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;

/** What a desk page is rendered with. */
export interface DeskRendererOptions {
  csrf: Pick<Csrf, 'issueToken'>;
  renderDesk: (view: DeskView, options: DeskRenderOptions) => Promise<string>;
  stylesheets: () => readonly string[];
  /** The address of the board's drag-and-drop script (a build entry of its own). */
  boardScript: () => string;
  /** The address of the proofs' pin script (a build entry of its own). */
  proofScript?: () => string;
  shopName: string;
  /** The price files, read at each use (they reload): the order terms give the shop's time zone. */
  prices: () => PricingData;
}

/** Every desk page's answer: its form token, the shop's time zone, stylesheets and scripts. */
export function deskRenderer(options: DeskRendererOptions): DeskRender {
  return async (req, res, view, status = 200) => {
    const html = await options.renderDesk(view, {
      csrfToken: options.csrf.issueToken(req, res),
      timeZone: options.prices()['order-terms'].timeZone,
      stylesheets: options.stylesheets(),
      boardScript: options.boardScript(),
      ...(options.proofScript ? { proofScript: options.proofScript() } : {}),
      shopName: options.shopName,
    });
    res.status(status).type('html').send(html);
  };
}
