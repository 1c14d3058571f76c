import { pathToFileURL } from 'node:url';
import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { readBlanksData } from '#server/blanks/blanks-data-file.ts';
import { blanksLeadOf } from '#server/blanks/blanks-lead.ts';
import { type CatalogueFollower, createCatalogueFollower } from '#server/blanks/catalogue-follower.ts';
import { deskBlankRoutes } from '#server/blanks/desk-blank-routes.ts';
import { deskRequestStock } from '#server/blanks/desk-stock.ts';
import { purchaseRoutes } from '#server/blanks/purchase-routes.ts';
import { createStockReader, type StockReader } from '#server/blanks/stock-reader.ts';
import { stockRoutes } from '#server/blanks/stock-routes.ts';
import { booksNotices, booksRoutes } from '#server/books/books-routes.ts';
import { type CreditNotePages, customerCreditNote } from '#server/books/credit-note-page.ts';
import { deskTermsView, termsNotices, termsRoutes } from '#server/books/terms-routes.ts';
import { customerBackLinks, customerRoutes } from '#server/customer/customer-routes.ts';
import { customerExemptionSection } from '#server/exemptions/customer-exemption-section.ts';
import {
  deskExemptionRoutes,
  deskExemptionSection,
  exemptionDeskNotices,
} from '#server/exemptions/desk-exemption-routes.ts';
import { createFeatureStores, type FeatureStores } from '#server/feature-stores.ts';
import { deskGroupRoutes, deskGroupView } from '#server/groups/desk-group-routes.ts';
import { garmentOf } from '#server/groups/group-garment.ts';
import { memberRoutes } from '#server/groups/member-routes.ts';
import { organiserGroups } from '#server/groups/organiser-routes.ts';
import { crossSiteGuard } from '#server/http/cross-site-guard.ts';
import { type Csrf, createCsrf } from '#server/http/csrf.ts';
import { csrfGate } from '#server/http/csrf-gate.ts';
import { flashCookie } from '#server/http/flash-cookie.ts';
import { healthRoutes, type Readiness } from '#server/http/health.ts';
import { errorHandler, rejectMalformedUrl } from '#server/http/http-errors.ts';
import { type LinkKeys, linkKeys } from '#server/http/link-secrets.ts';
import { logAnswered, requestLogger } from '#server/http/request-logger.ts';
import { requestTarget } from '#server/http/request-target.ts';
import { responseCompression } from '#server/http/response-compression.ts';
import { fixedSecurityHeaders, permissionsPolicy, securityHeaders, usesNonce } from '#server/http/security-headers.ts';
import { staticFiles } from '#server/http/static-files.ts';
import { trailingSlashRedirect } from '#server/http/trailing-slash.ts';
import { instrumentStore } from '#server/metrics/instrument.ts';
import { mockupDeskRoutes, mockupNotices } from '#server/mockups/mockup-desk-routes.ts';
import { deskMockups } from '#server/mockups/mockup-desk-views.ts';
import { mockupViews, sendMockup } from '#server/mockups/mockup-views.ts';
import { redrawMockups } from '#server/mockups/redraw-mockups.ts';
import { quoteMockups } from '#server/mockups/request-mockups.ts';
import { buildMail, type MailReads } from '#server/notifications/build-mail.ts';
import { type AssetResolver, DESK_BOARD_ENTRY, PROOF_PINS_ENTRY } from '#server/pages/asset-manifest.ts';
import { dataRoutes } from '#server/pages/data-routes.ts';
import { pageDoor } from '#server/pages/page-door.ts';
import { createPageRenderer } from '#server/pages/page-renderer.ts';
import { seoRoutes } from '#server/pages/seo-routes.ts';
import type { SiteDataFiles } from '#server/pages/site-data-files.ts';
import { checkoutFor, stripeGateway } from '#server/payments/checkout.ts';
import { customerPaymentRoutes } from '#server/payments/customer-payment-routes.ts';
import { deskPaymentRoutes, paymentNotices } from '#server/payments/desk-payment-routes.ts';
import { offlineRefundRoutes } from '#server/payments/offline-refund.ts';
import { customerMoneyView, deskMoneyView } from '#server/payments/payment-views.ts';
import { savedCards } from '#server/payments/saved-cards.ts';
import { type StripeBalance, stripeBalance } from '#server/payments/stripe-balance.ts';
import { stripeFeeSettler } from '#server/payments/stripe-fee-settle.ts';
import { stripeWebhookRoutes } from '#server/payments/stripe-webhook.ts';
import { readCapacityDefaults } from '#server/production/capacity-defaults.ts';
import { datesRoutes } from '#server/production/dates-routes.ts';
import { productionDeskRoutes } from '#server/production/production-desk-routes.ts';
import { createProductionPlanner } from '#server/production/production-planner.ts';
import type { ProductionPlanner } from '#server/production/production-store.ts';
import { createRequestService, type RequestService } from '#server/requests/request-service.ts';
import type { Database } from '#server/storage/database.ts';
import { customerStoresSection } from '#server/stores/customer-store-section.ts';
import { deskStoreRoutes, deskStoresView } from '#server/stores/desk-store-routes.ts';
import { runPlanning } from '#server/stores/store-production.ts';
import { storeRoutes } from '#server/stores/store-routes.ts';
import { readStoreShopRules, type StoreShopRules } from '#server/stores/store-shop-rules.ts';
import { storeWebhookStep } from '#server/stores/store-webhook-step.ts';
import { uploadAdmission } from '#server/uploads/upload-admission.ts';
import { createUploadGuard } from '#server/uploads/upload-guard.ts';
import { uploadSlots } from '#server/uploads/upload-slots.ts';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import { invoiceNumberText } from '#shared/books/book-numbers.ts';
import { CSRF_TOKEN_PATH } from '#shared/csrf-contract.ts';
import { dayIn } from '#shared/desk-format.ts';
import { sizeUpcharges } from '#shared/groups/group-sizes.ts';
import type { Capacity } from '#shared/production/production-load.ts';
import type { SsrEntry } from '#shared/ssr-contract.ts';
import type { AppConfig } from './config.ts';
import { type AppMetrics, createMetrics } from './metrics/app-metrics.ts';
import { countRequest, metricsRoutes, pageRouteOf } from './metrics/metrics-routes.ts';
import { type ProofPictures, proofPictures } from './requests/proof-pictures.ts';
import { requestLinks } from './requests/request-links.ts';
import { designEditRoutes, designNotices } from './staff/design-edit-routes.ts';
import { designDeskRoutes } from './staff/design-routes.ts';
import { staffOnly } from './staff/desk-http.ts';
import { deskRenderer } from './staff/desk-render.ts';
import { deskRoutes } from './staff/desk-routes.ts';
import { proofUploadRoutes } from './staff/proof-routes.ts';
import { createStaffAuth } from './staff/staff-auth.ts';
import { designColoursRoutes } from './submissions/design-colours-routes.ts';
import { submissionBackLinks, submissionRoutes } from './submissions/submission-routes.ts';

/** What createApp is built from: everything it needs is passed in, so tests build the same app over a fixture and a throwaway database. */
export interface AppDependencies {
  config: AppConfig;
  logger: Logger;
  siteData: SiteDataFiles;
  /** The open database every feature's store is built from. */
  database: Database;
  /** Called after each submission is stored: the outbox worker looks at once instead of at its next run. */
  onStored?: () => void;
  readiness: Readiness;
  /** Reads the free bytes under the database's folder; the tests give their own. */
  readFreeSpace?: (dir: string) => Promise<number>;
  /** The process's metrics, shared with the outbox worker; each app makes its own when not given. */
  metrics?: AppMetrics;
  ssr: {
    loadEntry: () => Promise<SsrEntry>;
    assets: AssetResolver;
    cache: boolean;
    /** Render and compress the site's own pages right after start (production). */
    warm?: boolean;
    /** The clock the pages' estimates count business days from; tests pass their own. */
    now?: () => Date;
  };
  /** The built client (production); in development Vite's middleware serves it instead. */
  staticDir?: string;
  devMiddleware?: RequestHandler;
  /** The capacity before any change on the desk; data/capacity.json when not given. */
  capacityDefaults?: Capacity;
  /** What the shop lets a store's organiser do alone; data/team-stores.json when not given. */
  storeShopRules?: StoreShopRules;
  /** The suppliers' warehouses and the garments' supplier styles; data/blanks.json when not given. */
  blanksData?: BlanksData;
  /** The clock dates are booked and estimated by on the server; the real one when not given (tests pass their own). */
  now?: () => Date;
}

/** Builds the whole application; starting and stopping it is server/index.ts's job. */
export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  // 0 means false, not 0: express-rate-limit warns about an X-Forwarded-For it is told to ignore only
  // when the setting is false, and that warning is how a missing TRUST_PROXY behind a proxy shows.
  app.set('trust proxy', deps.config.trustProxy || false);
  // Pages and data files set their own strong tags per encoding: no automatic weak ETags.
  app.set('etag', false);

  // One set of metrics for the routes below and the page cache.
  const metrics = deps.metrics ?? createMetrics();
  // Each feature's store, instrumented once; below, each router gets only the stores it uses.
  const stores = createFeatureStores(deps.database, (store) => instrumentStore(store, metrics));
  const wiring = mountPipeline(app, deps, stores, metrics);
  mountPublicForms(app, wiring);
  // The rules of a request, one service for the customer's page and the desk.
  const { customer, desk, payments, versions, books } = stores;
  const requests = createRequestService({
    customer,
    desk,
    payments,
    versions,
    books,
    now: wiring.now,
    planner: wiring.planner,
    site: () => deps.siteData.data,
  });
  mountCustomerPages(app, wiring, requests);
  mountDesk(app, wiring, requests);

  app.use(dataRoutes(deps.siteData));
  app.use(seoRoutes(deps.config.publicUrl));
  app.use(trailingSlashRedirect);
  app.use(wiring.pages.middleware);
  app.use(errorHandler(() => deps.ssr.assets.forRoutes([]).stylesheets));
  return app;
}

/** What the app's parts share once the pipeline is built: the stores, the guards, the renderer, the links. */
interface Wiring {
  deps: AppDependencies;
  stores: FeatureStores;
  metrics: AppMetrics;
  now: () => Date;
  csrf: Csrf;
  flash: ReturnType<typeof flashCookie>;
  planner: ProductionPlanner;
  pages: ReturnType<typeof createPageRenderer>;
  uploadGuard: ReturnType<typeof createUploadGuard>;
  uploads: ReturnType<typeof uploadAdmission>;
  gateway: ReturnType<typeof stripeGateway> | null;
  /** A team store's saved cards through Stripe, when card payments are on. */
  cards: ReturnType<typeof savedCards> | null;
  /** Stripe's fees and payouts for the books, when card payments are on. */
  stripeBooks: { balance: StripeBalance; settleFees: () => Promise<number> } | null;
  keys: LinkKeys;
  links: ReturnType<typeof requestLinks>;
  /** Wakes the outbox worker once something queued a mail. */
  queued: { onQueued?: () => void };
  /** The suppliers' data file and the stock answers read from their imports. */
  blanks: { data: BlanksData; readStock: StockReader; catalogue: CatalogueFollower };
  /** The proofs as pictures (a PDF's first page drawn once), for the customer's page and the desk alike. */
  proofPictures: ProofPictures;
}

/** What the books' credit-note pages are drawn from, on the desk and on the customer's page alike. */
function creditNotePages(wiring: Wiring): CreditNotePages {
  const { deps } = wiring;
  const { siteData } = deps;
  return {
    books: wiring.stores.books,
    shop: () => siteData.data.config,
    timeZone: () => siteData.data['order-terms'].timeZone,
    renderCreditNote: async (view, options) => (await deps.ssr.loadEntry()).renderCreditNote(view, options),
    stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
  };
}

/** The invoice page, for the customer's page and the desk alike. */
function invoiceRenderer(deps: AppDependencies): Parameters<typeof customerPaymentRoutes>[0]['renderInvoice'] {
  return async (view, options) => (await deps.ssr.loadEntry()).renderInvoice(view, options);
}

/**
 * Everything a request meets before the routers: metrics, headers, the page cache, compression, health,
 * files, the cross-site guard, the CSRF gate (and the Stripe webhook, its one exemption).
 */
function mountPipeline(app: Express, deps: AppDependencies, stores: FeatureStores, metrics: AppMetrics): Wiring {
  const { config, siteData } = deps;
  const { outbox, production, customer, limits, payments } = stores;
  const csrf = createCsrf(config);
  const flash = flashCookie(config);
  // The suppliers' stock (server/blanks/): the quote form's stock line, and the day an order's blanks arrive.
  const blanksData = deps.blanksData ?? readBlanksData();
  const readStock = createStockReader({
    blanks: stores.blanks,
    data: () => blanksData,
    garments: () => siteData.data.garments.garments,
  });
  // The shop's load, which every date the site promises is counted from (server/production/).
  const planner = createProductionPlanner({
    production,
    site: () => siteData.data,
    now: deps.now ?? (() => new Date()),
    defaults: deps.capacityDefaults ?? readCapacityDefaults(),
    blanksLead: blanksLeadOf(readStock),
  });
  const pages = createPageRenderer({
    ...deps.ssr,
    load: planner,
    siteData,
    publicUrl: config.publicUrl,
    flash,
    nonce: usesNonce(config),
    logger: deps.logger,
    onCache: (outcome) => metrics.pageCache.inc({ outcome }),
  });
  // The catalogue's blank prices follow the suppliers' latest imports (server/blanks/catalogue-follower.ts):
  // looked at before any page or data file is answered, at most every half minute, so an import made on
  // another instance or from the command line reaches this one's pages and files without a restart.
  const catalogue = createCatalogueFollower({
    blanks: stores.blanks,
    data: () => blanksData,
    reprice: (prices) => siteData.reprice(prices),
    now: deps.now ?? (() => new Date()),
  });
  mountFront(app, { deps, metrics, outbox, pages, catalogue });
  if (deps.ssr.warm) {
    // In the background: the server answers meanwhile, and a page not yet warm is rendered on demand.
    pages.warm().catch((error: unknown) => deps.logger.error({ err: error }, 'page warm-up failed'));
  }
  app.use(responseCompression());
  // Readiness asks the database itself; a failed answer is counted with the stores' failures.
  const database = instrumentStore({ ping: () => deps.database.ping() }, metrics);
  app.use(healthRoutes(deps.readiness, () => database.ping()));
  if (deps.staticDir) app.use(staticFiles(deps.staticDir));
  if (deps.devMiddleware) app.use(deps.devMiddleware);

  // Before any body is read: a post another site's page made is refused unread.
  app.use(crossSiteGuard(config.publicUrl));
  app.use(cookieParser());
  // A page rendered before is answered here, ahead of the body parsers and routers it never needs.
  app.use(pages.cachedPages);
  app.get(CSRF_TOKEN_PATH, csrf.renewToken);
  // The one way every multipart route reads its body (server/uploads/upload-guard.ts).
  const uploadGuard = createUploadGuard({
    csrf,
    slots: uploadSlots({
      atOnce: config.uploadsAtOnce,
      perVisitor: config.uploadsPerVisitor,
      onChange: (inUse) => metrics.uploadsInProgress.set(inUse),
    }),
    idleMs: config.uploadIdleMs,
  });
  // These only note where each form's error page leads back to, so the gate's refusal shows that link too.
  app.use(submissionBackLinks(), customerBackLinks());
  // Before every router, so a route added below is protected unless CSRF_EXEMPTIONS names it (a webhook
  // signed by its sender, one day): the token is checked here, once the form bodies it may come in are
  // parsed, or by the upload chain for a multipart form posted to an upload route.
  app.use(csrfGate({ csrf, uploads: uploadGuard }));
  // Card payments when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. The webhook is the gate's one
  // exemption: it reads its raw body, whose signature stands in for the token.
  const gateway = config.stripe ? stripeGateway(config.stripe) : null;
  const cards = config.stripe ? savedCards(config.stripe, () => payments.checkoutKeySalt()) : null;
  const balance = config.stripe ? stripeBalance(config.stripe) : null;
  const stripeBooks = balance && {
    balance,
    settleFees: stripeFeeSettler({ balance, fees: stores.stripeFees, logger: deps.logger }),
  };
  if (gateway) {
    app.use(
      stripeWebhookRoutes({
        gateway,
        payments,
        logger: deps.logger,
        metrics,
        upchargesOf: (garment) => sizeUpcharges(garmentOf(siteData.data, { garment })),
        ...(deps.onStored ? { onQueued: deps.onStored } : {}),
        ...(stripeBooks ? { settleFees: stripeBooks.settleFees } : {}),
        // A team store's sessions are settled by the stores' own step (a card saved, a pay link paid).
        ...(cards
          ? {
              otherSessions: storeWebhookStep({
                stores: stores.teamStores,
                cards,
                logger: deps.logger,
                ...(deps.onStored ? { onQueued: deps.onStored } : {}),
              }),
            }
          : {}),
      }),
    );
  }
  // The customers' private pages: their links go on the sent panel, in the mails and on the desk. The
  // keys come from CSRF_SECRET (each its own HKDF child); every link also needs what the database keeps.
  const keys = linkKeys(config.csrfSecret);
  const links = requestLinks(customer, keys);
  const uploads = uploadAdmission({
    limits,
    bytesPerDay: config.uploadBytesPerDay,
    // PostgreSQL keeps the files on its own host, whose disk this process cannot see: that one is
    // watched where the database runs, and the daily budget still bounds what each address adds.
    diskFloor: config.databaseUrl
      ? null
      : {
          dir: config.databaseDir,
          floorBytes: config.diskFreeFloorBytes,
          ...(deps.readFreeSpace ? { readFree: deps.readFreeSpace } : {}),
        },
  });
  const now = deps.now ?? (() => new Date());
  const queued = deps.onStored ? { onQueued: deps.onStored } : {};
  return {
    deps,
    stores,
    metrics,
    now,
    csrf,
    flash,
    planner,
    pages,
    uploadGuard,
    uploads,
    gateway,
    cards,
    stripeBooks,
    keys,
    links,
    queued,
    blanks: { data: blanksData, readStock, catalogue },
    proofPictures: proofPictures(stores.versions, deps.logger),
  };
}

/**
 * The front of the pipeline, in order: the page door (a cached page answered whole), the request log
 * and metrics, the request target, the security headers, and the look at the catalogue's prices that
 * every page and data file waits for when one is due.
 */
function mountFront(
  app: Express,
  {
    deps,
    metrics,
    outbox,
    pages,
    catalogue,
  }: {
    deps: AppDependencies;
    metrics: AppMetrics;
    outbox: FeatureStores['outbox'];
    pages: ReturnType<typeof createPageRenderer>;
    catalogue: CatalogueFollower;
  },
): void {
  // A page rendered before is answered first of all, with what the steps below would add to it
  // (server/pages/page-door.ts): a hit skips them and everything after.
  app.use(
    pageDoor({
      pages,
      headers: fixedSecurityHeaders(deps.config),
      // Never starts the look itself: a request that ends before the look's middleware (/metrics, a 400)
      // would leave its failure unheard.
      current: () => !catalogue.due(),
      onAnswered: (answer) => {
        logAnswered(deps.logger, answer);
        const { req, statusCode, startedAt } = answer;
        countRequest(
          metrics,
          { method: req.method, route: pageRouteOf(req.url, statusCode), status: statusCode },
          startedAt,
        );
      },
    }),
  );
  // So every other answer carries it: /metrics and errors met before helmet included.
  app.use(permissionsPolicy);
  app.use(requestLogger(deps.logger));
  app.use(metricsRoutes({ config: deps.config, outbox, metrics }));
  app.use(requestTarget);
  app.use(rejectMalformedUrl);
  app.use(securityHeaders(deps.config));
  app.use((_req, _res, next) => {
    const look = catalogue.checkIfDue();
    if (!look) return next();
    look.then(
      () => next(),
      (error: unknown) => {
        // The prices known stand; the next look is due in half a minute.
        deps.logger.error({ err: error }, 'the suppliers’ imports could not be read for the catalogue’s prices');
        next();
      },
    );
  });
}

/** The public forms: the quote and contact endpoints, and the dates every estimate promises. */
function mountPublicForms(app: Express, wiring: Wiring): void {
  const { deps, planner, pages, flash, uploadGuard, uploads, links } = wiring;
  const { config, siteData } = deps;
  const { submissions, mockups, desk, limits } = wiring.stores;
  app.use(datesRoutes(planner));
  app.use(stockRoutes(wiring.blanks.readStock));
  app.use(
    submissionRoutes({
      dates: async () => (await planner.current()).dates,
      submissions,
      mockups,
      drawMockups: quoteMockups,
      desk,
      limits,
      siteData,
      pages,
      flash,
      rateLimit: config.submissionRateLimit,
      uploadGuard,
      uploads,
      links,
      ...(deps.onStored ? { onStored: deps.onStored } : {}),
    }),
  );
  app.use(designColoursRoutes({ limits, rateLimit: config.submissionRateLimit, uploadGuard }));
}

/** How the mockups feature shows a request's pictures and sends one, for the customer's and the members' pages. */
const mockupPictures = { views: mockupViews, send: sendMockup };

/** The customer's private page, a group's member pages, and the customer's payments and invoice. */
function mountCustomerPages(app: Express, wiring: Wiring, requests: RequestService): void {
  const { deps, csrf, pages, uploadGuard, uploads, gateway, keys, links } = wiring;
  const { config, siteData } = deps;
  const { customer, desk, mockups, versions, payments, limits, groups } = wiring.stores;
  const storeRules =
    deps.storeShopRules ?? readStoreShopRules(config.teamStoresFile ? pathToFileURL(config.teamStoresFile) : undefined);
  const groupOptions = {
    customer,
    groups,
    versions,
    keys,
    publicUrl: config.publicUrl,
    prices: () => siteData.data,
    entryLimits: config.groupLimits,
    now: wiring.now,
    ...wiring.queued,
  };
  app.use(
    customerRoutes({
      books: wiring.stores.books,
      customer,
      desk,
      mockups,
      mockupPictures,
      versions,
      proofPictures: wiring.proofPictures,
      payments,
      moneySection: customerMoneyView,
      limits,
      requests,
      links,
      csrf,
      renderPage: async (view, options) => (await deps.ssr.loadEntry()).renderCustomerPage(view, options),
      stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
      shop: {
        name: siteData.data.config.appName,
        email: siteData.data.config.contact.email,
        phone: siteData.data.config.contact.phone,
      },
      ...(config.mail ? { shopEmail: config.mail.shopEmail } : {}),
      rateLimit: config.submissionRateLimit,
      uploadGuard,
      uploads,
      renderForm: (req, res, page) => pages.renderForm(req, res, page),
      prices: () => siteData.data,
      garments: () => siteData.data.garments.garments,
      payOnline: gateway !== null,
      groups: organiserGroups(groupOptions),
      stores: customerStoresSection({
        stores: wiring.stores.teamStores,
        keys,
        shopRules: () => storeRules,
        customer,
        versions,
        csrfToken: (req, res) => csrf.issueToken(req, res),
        render: teamStoreRenderer(deps),
        stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
        shopName: () => siteData.data.config.appName,
        prices: () => siteData.data,
        now: wiring.now,
      }),
      exemptions: customerExemptionSection({
        exemptions: wiring.stores.exemptions,
        uploadGuard,
        uploads,
        today: shopToday(wiring),
      }),
      proofScript: () => deps.ssr.assets.entryScript(PROOF_PINS_ENTRY),
      ...wiring.queued,
    }),
  );
  app.use(
    memberRoutes({
      ...groupOptions,
      desk,
      mockups,
      mockupPictures,
      payments,
      limits,
      csrf,
      renderMember: async (view, options) => (await deps.ssr.loadEntry()).renderGroupMember(view, options),
      stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
      shop: () => siteData.data.config,
      rateLimit: config.submissionRateLimit,
      checkout: gateway && checkoutFor({ gateway, payments, now: wiring.now }),
    }),
  );
  app.use(
    customerPaymentRoutes({
      payments,
      customer,
      versions,
      limits,
      requests,
      links,
      gateway,
      publicUrl: config.publicUrl,
      rateLimit: config.submissionRateLimit,
      shop: () => siteData.data.config,
      prices: () => siteData.data,
      renderInvoice: invoiceRenderer(deps),
      stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
      invoiceNumber: invoiceNumberOf(wiring.stores.books),
      invoiceTerms: (reference, quoteVersion) => wiring.stores.books.invoiceOf(reference, quoteVersion),
      books: wiring.stores.books,
      creditNotePage: customerCreditNote(creditNotePages(wiring)),
    }),
  );
  app.use(
    storeRoutes({
      stores: wiring.stores.teamStores,
      design: { mockupsOf: (reference) => mockups.mockupsOf(reference), send: sendMockup },
      cards: wiring.cards,
      csrf,
      keys,
      catalogue: () => siteData.data.garments,
      timeZone: () => siteData.data['order-terms'].timeZone,
      render: teamStoreRenderer(deps),
      stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
      shop: () => siteData.data.config,
      limits: wiring.stores.limits,
      rateLimit: config.submissionRateLimit,
      publicUrl: config.publicUrl,
      secureCookies: config.isProduction,
      now: wiring.now,
      shopRules: () => storeRules,
      ...wiring.queued,
    }),
  );
}

/** A team store's pages, public and the desk's. */
function teamStoreRenderer(deps: AppDependencies): Parameters<typeof storeRoutes>[0]['render'] {
  return async (view, options) => (await deps.ssr.loadEntry()).renderTeamStore(view, options);
}

/** What every desk router is mounted with: the wiring, the request service, the gate and the one renderer. */
interface DeskMount {
  app: Express;
  wiring: Wiring;
  requests: RequestService;
  staffAuth: ReturnType<typeof createStaffAuth>;
  staffGate: ReturnType<typeof staffOnly>;
  renderDesk: ReturnType<typeof deskRenderer>;
}

/**
 * The desk under /staff: the proof uploads, its own pages, then each feature's desk router, every one
 * staff only and rendered through the one desk renderer.
 */
function mountDesk(app: Express, wiring: Wiring, requests: RequestService): void {
  const { deps, csrf } = wiring;
  const { config, siteData } = deps;
  const staffAuth = createStaffAuth(wiring.stores.desk, {
    staffEmails: config.staffEmails,
    secure: config.isProduction,
  });
  const renderDesk = deskRenderer({
    csrf,
    renderDesk: async (view, options) => (await deps.ssr.loadEntry()).renderDesk(view, options),
    stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
    boardScript: () => deps.ssr.assets.entryScript(DESK_BOARD_ENTRY),
    proofScript: () => deps.ssr.assets.entryScript(PROOF_PINS_ENTRY),
    shopName: siteData.data.config.appName,
    prices: () => siteData.data,
  });
  const mount: DeskMount = { app, wiring, requests, staffAuth, staffGate: staffOnly(staffAuth), renderDesk };
  app.use(
    proofUploadRoutes({
      desk: wiring.stores.desk,
      versions: wiring.stores.versions,
      pictures: wiring.proofPictures,
      requests,
      auth: staffAuth,
      uploadGuard: wiring.uploadGuard,
      ...wiring.queued,
    }),
  );
  mountDeskPages(mount);
  mountDesignDesk(mount);
  mountProductionDesk(mount);
  mountStoresDesk(mount);
  mountMoneyDesk(mount);
}

/** The desk's own pages: the inbox, a request, its notes and statuses, with each feature's section handed in. */
function mountDeskPages({ app, wiring, requests, staffAuth, renderDesk }: DeskMount): void {
  const { deps, planner, gateway, keys, links } = wiring;
  const { config, siteData } = deps;
  const { desk, versions, customer, outbox, payments, groups, mockups, limits, teamStores, books } = wiring.stores;
  app.use(
    deskRoutes({
      books,
      exemptions: wiring.stores.exemptions,
      desk,
      versions,
      proofPictures: wiring.proofPictures,
      customer,
      outbox,
      payments,
      groups,
      mockups,
      limits,
      requests,
      auth: staffAuth,
      render: renderDesk,
      shopName: siteData.data.config.appName,
      linkKeys: keys,
      rateLimit: config.submissionRateLimit,
      prices: () => siteData.data,
      garments: () => siteData.data.garments.garments,
      requestLinks: links,
      planner,
      now: wiring.now,
      payOnline: gateway !== null,
      notices: {
        ...paymentNotices,
        ...mockupNotices,
        ...designNotices,
        ...booksNotices,
        ...exemptionDeskNotices,
        ...termsNotices,
      },
      sections: {
        mockups: deskMockups,
        money: deskMoneyView,
        stock: deskRequestStock({
          readStock: wiring.blanks.readStock,
          data: () => wiring.blanks.data,
          now: wiring.now,
        }),
        blanksHold: async (reference) => (await wiring.stores.blanks.holds()).get(reference),
        exemption: deskExemptionSection({ exemptions: wiring.stores.exemptions, today: shopToday(wiring) }),
        invoiceTerms: (reference) => deskTermsView(books, reference, siteData.data['order-terms'].timeZone),
      },
      groupView: (reference) => deskGroupView(groups, reference, siteData.data, wiring.now()),
      storesView: (reference) => deskStoresView(teamStores, reference),
      mailPreview: deskMailPreview(wiring),
      ...wiring.queued,
    }),
  );
}

/** The customer's mail as the outbox would write it now, shown under the desk's status forms. */
function deskMailPreview(wiring: Wiring): Parameters<typeof deskRoutes>[0]['mailPreview'] {
  const { config, siteData } = wiring.deps;
  const { submissions, customer, versions, groups, mockups, desk, teamStores, books, blanks } = wiring.stores;
  return async (reference, facts, page) => {
    // What the page read already (the request, its quotes, approvals, payments, waiver, discounts) is read
    // from there.
    const { money } = page;
    const reads: MailReads = {
      submissions,
      customer: {
        getCustomerRequest: async (asked) => (asked === reference ? page.request : customer.getCustomerRequest(asked)),
        requestLinkOf: (asked) => customer.requestLinkOf(asked),
        approvalsOf: money.customer.approvalsOf,
      },
      versions: {
        quotesOf: money.versions.quotesOf,
        proofsOf: (asked) => versions.proofsOf(asked),
        pinsOf: (asked) => versions.pinsOf(asked),
      },
      payments: money.payments,
      groups,
      mockups,
      desk,
      teamStores,
      books: { discountsOf: money.books.discountsOf, invoiceByNumber: (number) => books.invoiceByNumber(number) },
      blanks,
    };
    const built = await buildMail({ id: 0, reference, recipient: 'customer', facts }, reads, {
      from: config.mail?.from ?? 'desk@localhost',
      shopEmail: config.mail?.shopEmail ?? '',
      shop: siteData.data.config,
      publicUrl: config.publicUrl,
      linkKeys: wiring.keys,
      timeZone: siteData.data['order-terms'].timeZone,
      cardPayments: wiring.gateway !== null,
    }).catch(() => undefined);
    return built && { subject: built.subject, text: built.text };
  };
}

/** The studio's desk side: a request's design opened, re-inked, its press files and redrawn mockups. */
function mountDesignDesk({ app, wiring, staffGate }: DeskMount): void {
  const { siteData } = wiring.deps;
  const { desk, versions, groups, mockups } = wiring.stores;
  app.use(
    staffGate,
    designDeskRoutes({
      versions,
      garments: () => siteData.data.garments.garments,
      // The press file draws the customer's pictures from the request's files, as the mockup does; loaded
      // only for a design with a picture, so sharp stays out of the server's start.
      pictures: async (reference, layers) => {
        if (!layers.some((layer) => layer.kind === 'upload')) return undefined;
        const { uploadPictures } = await import('#server/mockups/design-pictures.ts');
        return uploadPictures(layers, (await desk.getRequest(reference))?.files ?? []);
      },
      members: async (reference) => {
        const group = await groups.groupOf(reference);
        if (!group) return [];
        return (await groups.entriesOf(group.id))
          .filter((entry) => entry.removedAt === null)
          .map(({ backName, backNumber, size, quantity }) => ({ backName, backNumber, size, quantity }));
      },
    }),
  );
  app.use(
    staffGate,
    designEditRoutes({
      versions,
      garments: () => siteData.data.garments.garments,
      redraw: (reference, values) => redrawMockups({ desk, mockups }, siteData.data, reference, values),
    }),
  );
}

/** From approval to the press: mockups, the board, the blanks' stock, the purchases and the receiving. */
function mountProductionDesk({ app, wiring, requests, staffGate, renderDesk }: DeskMount): void {
  const { planner } = wiring;
  const { siteData } = wiring.deps;
  const { customer, desk, mockups, production, versions, blanks } = wiring.stores;
  app.use(
    staffGate,
    mockupDeskRoutes({ desk, mockups, versions, requests, prices: () => siteData.data, ...wiring.queued }),
  );
  app.use(
    staffGate,
    productionDeskRoutes({
      customer,
      desk,
      production,
      versions,
      proofPictures: wiring.proofPictures,
      requests,
      planner,
      render: renderDesk,
      prices: () => siteData.data,
      garments: () => siteData.data.garments.garments,
      holds: () => blanks.holds(),
      now: wiring.now,
      ...wiring.queued,
    }),
  );
  app.use(
    staffGate,
    deskBlankRoutes({
      blanks,
      readStock: wiring.blanks.readStock,
      data: () => wiring.blanks.data,
      garments: () => siteData.data.garments.garments,
      timeZone: () => siteData.data['order-terms'].timeZone,
      render: renderDesk,
      now: wiring.now,
      onImported: () => wiring.blanks.catalogue.refresh(),
    }),
  );
  app.use(
    staffGate,
    purchaseRoutes({
      blanks,
      data: () => wiring.blanks.data,
      garments: () => siteData.data.garments.garments,
      approvedJobs: approvedJobsOf(production, versions),
      terms: () => siteData.data['order-terms'],
      board: production,
      onMoved: () => planner.invalidate(),
      notes: desk,
      render: renderDesk,
      now: wiring.now,
      ...wiring.queued,
    }),
  );
}

/** The jobs approved and not yet in production, with what their forms asked for: what the blanks must cover. */
function approvedJobsOf(
  production: FeatureStores['production'],
  versions: FeatureStores['versions'],
): Parameters<typeof purchaseRoutes>[0]['approvedJobs'] {
  return async () => {
    const orders = await production.boardOrders();
    const waiting = orders.filter((order) => ['approved', 'proof_sent', 'proof_approved'].includes(order.status));
    return Promise.all(
      waiting.map(async (order) => ({
        reference: order.reference,
        name: order.name,
        formValues: await versions.formValuesOf(order.reference),
      })),
    );
  };
}

/** Groups and team stores on the desk: rosters, opening and closing a store, its statement. */
function mountStoresDesk({ app, wiring, staffGate, renderDesk }: DeskMount): void {
  const { deps, csrf, keys } = wiring;
  const { config, siteData } = deps;
  const { groups, teamStores, customer, versions } = wiring.stores;
  app.use(staffGate, deskGroupRoutes({ groups, render: renderDesk, prices: () => siteData.data, now: wiring.now }));
  app.use(
    staffGate,
    deskStoreRoutes({
      stores: teamStores,
      customer,
      versions,
      close: {
        stores: teamStores,
        cards: wiring.cards,
        logger: deps.logger,
        production: runPlanning(versions, wiring.planner),
        ...wiring.queued,
      },
      csrfToken: (req, res) => csrf.issueToken(req, res),
      render: teamStoreRenderer(deps),
      stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
      shopName: () => siteData.data.config.appName,
      prices: () => siteData.data,
      publicUrl: config.publicUrl,
      keys,
      now: wiring.now,
    }),
  );
}

/** The money on the desk: payments and invoices, refunds by cash or check, and the books. */
function mountMoneyDesk({ app, wiring, requests, staffGate }: DeskMount): void {
  const { deps, gateway, stripeBooks } = wiring;
  const { siteData } = deps;
  const { payments, groups, customer, versions, books } = wiring.stores;
  app.use(
    staffGate,
    deskPaymentRoutes({
      payments,
      groups,
      customer,
      versions,
      requests,
      gateway,
      shop: () => siteData.data.config,
      prices: () => siteData.data,
      renderInvoice: invoiceRenderer(deps),
      stylesheets: () => deps.ssr.assets.forRoutes([]).stylesheets,
      invoiceNumber: invoiceNumberOf(books),
      invoiceTerms: (reference, quoteVersion) => books.invoiceOf(reference, quoteVersion),
      invoicesOf: async (reference) => (await books.booksOf(reference)).invoices.map((invoice) => invoice.number),
      books,
      ...wiring.queued,
    }),
  );
  app.use(staffGate, termsRoutes(books));
  app.use(staffGate, offlineRefundRoutes({ refunds: wiring.stores.offlineRefunds, ...wiring.queued }));
  app.use(staffGate, deskExemptionRoutes({ exemptions: wiring.stores.exemptions, today: shopToday(wiring) }));
  app.use(
    staffGate,
    booksRoutes({
      ...creditNotePages(wiring),
      books,
      renderMonth: async (view, options) => (await deps.ssr.loadEntry()).renderBooksMonth(view, options),
      now: wiring.now,
      stripe: stripeBooks && { settleFees: stripeBooks.settleFees, payouts: stripeBooks.balance.payoutsBetween },
    }),
  );
}
/** The invoice's number as the books issued it. */
function invoiceNumberOf(books: FeatureStores['books']) {
  return async (reference: string, quoteVersion: number) => {
    const invoice = await books.invoiceOf(reference, quoteVersion);
    return invoice && invoiceNumberText(invoice.number);
  };
}

/** The shop's today (YYYY-MM-DD in its time zone): the day a tax certificate is judged on. */
function shopToday(wiring: Wiring): () => string {
  return () => dayIn(wiring.now().toISOString(), wiring.deps.siteData.data['order-terms'].timeZone);
}
