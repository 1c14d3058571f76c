import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { TotalBar } from '#client/components/total-bar.tsx';
import { useLoadDates } from '#client/hooks/use-load-dates.ts';
import { useNow } from '#client/hooks/use-now.ts';
import { PlacementSkeleton, placedByShop, ShopPlacesNote } from '#client/placement/placement-frame.tsx';
import { withBlanksArrival } from '#shared/blanks/blanks-arrival.ts';
import { colorNamed } from '#shared/garments/catalogue.ts';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { decorationWord, locationsHeading, ownGarmentLabel, repeatDesignLabel } from '#shared/pricing/option-words.ts';
import type { Garment, PriceFile } from '#shared/pricing/types.ts';
import { getPage } from '#shared/routes.ts';
import { isServiceId, type ServiceId } from '#shared/service-ids.ts';
import { ARTWORK_FIELD, artworkListError } from '#shared/submissions/artwork.ts';
import { DESIGN_FIELD } from '#shared/submissions/design-field-name.ts';
import { type FieldErrors, type FormValues, formValuesFrom } from '#shared/submissions/form-values.ts';
import {
  catalogueGarment,
  localToday,
  locationFields,
  MAX_LOCATIONS,
  maxLocations,
  NEW_ARTWORK_KEY,
  OTHER_GARMENT,
  OWN_GARMENT,
  placements,
  quoteEstimate,
  REORDER_FIELD,
} from '#shared/submissions/quote-fields.ts';
import { receivedSummary } from '#shared/submissions/received-summary.ts';
import { ArtworkField, artworkProblem, chosenFiles } from './artwork-field.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { CheckboxField, FormSection, SelectField, TextAreaField, TextField } from './form-fields.tsx';
import { FormFieldsProvider } from './form-fields-context.tsx';
import { FormGuards } from './form-guards.tsx';
import { loadSchemaChecks, prefetchSchemaChecks } from './load-schema-checks.ts';
import { QuoteDeliveryFields } from './quote-delivery-fields.tsx';
import { QuoteEstimatePanel } from './quote-estimate-panel.tsx';
import { quoteFieldLabel, quoteFieldTarget } from './quote-field-labels.ts';
import { QuoteGarmentColor } from './quote-garment-color.tsx';
import { filledRows, newRowValues, QuoteLocationFields, withoutRow } from './quote-location-fields.tsx';
import { QuoteReceipt } from './quote-receipt.tsx';
import { piecesIn, QuoteSizeFields, sizesIn } from './quote-size-fields.tsx';
import { blanksUncovered, QuoteStockLine, useBlankStock } from './quote-stock-line.tsx';
import { SentPanel } from './sent-panel.tsx';
import { StudioDesignField } from './studio-design-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { type Receipt, useFormSubmission } from './use-form-submission.ts';
import { useHydrated } from './use-hydrated.ts';
import { usePrintSizes } from './use-print-sizes.ts';

const ID_PREFIX = 'quote';
const QUOTE_ACTION = '/api/quotes';

function serviceOf(values: FormValues): ServiceId {
  const service = values.service ?? '';
  return isServiceId(service) ? service : 'screen-printing';
}

/** The garment a service starts with: the one chosen before when this service has it too. */
function garmentFor(file: PriceFile, previous: string | undefined): string {
  if (previous === OWN_GARMENT || previous === OTHER_GARMENT) return previous;
  if (file.garments.some((garment) => garment.id === previous)) return previous ?? '';
  return file.garments[0]?.id ?? OWN_GARMENT;
}

function garmentChoices(file: PriceFile) {
  return [
    ...file.garments.map((garment) => ({
      value: garment.id,
      label: `${garment.shortName ?? garment.name} (${formatMoney(garment.cents)} each)`,
      ...(garment.kind ? { group: garment.kind } : {}),
    })),
    { value: OWN_GARMENT, label: ownGarmentLabel(file.service) },
    { value: OTHER_GARMENT, label: 'Something else (describe it)' },
  ];
}

/**
 * The service's own options that change the price: each one a checkbox named as the schema reads it. A
 * garment of the catalogue has no dark box: its colour says whether it is dark.
 */
function serviceOptions(file: PriceFile, colored: boolean): { name: string; label: string }[] {
  const dark = (label: string) => (colored ? [] : [{ name: 'darkGarment', label }]);
  switch (file.service) {
    case 'screen-printing':
      return dark('Dark garment (a white underbase goes under the ink)');
    case 'direct-to-garment':
      return [
        ...dark('Dark garment (pretreated, with white ink under the colors)'),
        {
          name: 'artSetup',
          label: `My artwork needs preparing (a one-time ${formatMoney(file.artSetupFee)} art set-up fee)`,
        },
      ];
    case 'embroidery':
      return [{ name: 'repeatDesign', label: repeatDesignLabel(file.digitizingFee) }];
  }
}

// Loaded only once a file is chosen: the quote form's first load does not carry it.
const PlacementTool = lazy(() => import('#client/placement/placement-tool.tsx'));

/** The form's locations the garment has a print area for, as the placement tool offers them. */
function placeableRows(garment: Garment, values: FormValues) {
  return Array.from({ length: MAX_LOCATIONS }, (_, index) => index + 1).flatMap((n) => {
    const placement = values[locationFields(n).placement] ?? '';
    const area = garment.printAreas?.find((candidate) => candidate.placement === placement);
    return area ? [{ n, placement: area.placement, label: placements[area.placement] }] : [];
  });
}

/** The hint of each location's artwork width field, for a catalogue garment: its largest print. */
function artWidthHint(garment: Garment | undefined): string | undefined {
  const largest = garment?.printAreas ? Math.max(0, ...garment.printAreas.map((area) => area.widthInches)) : 0;
  return largest
    ? `With your artwork attached, we show it on the garment at this width (up to ${largest} in, less on a chest or sleeve).`
    : undefined;
}

function readForm(form: HTMLFormElement): FormValues {
  const data = new FormData(form);
  const values = formValuesFrom(data.entries());
  // New artwork on a reorder means new screens: the estimate prices the set-up as the server will.
  const newArtwork = data.getAll(ARTWORK_FIELD).some((file) => file instanceof File && file.size > 0);
  return newArtwork ? { ...values, [NEW_ARTWORK_KEY]: 'on' } : values;
}

function QuoteFields({
  prefill,
  fresh,
  estimateTestId,
  labelledBy,
  onSent,
}: {
  prefill: FormValues;
  fresh: boolean;
  estimateTestId: string;
  labelledBy: string | undefined;
  onSent: (receipt: Receipt) => void;
}) {
  const site = useSiteData();
  const prices: PricingData = site;
  const hydrated = useHydrated();
  const now = useNow();
  const submission = useFormSubmission({
    form: 'quote',
    action: QUOTE_ACTION,
    validate: async (values: FormValues, data: FormData): Promise<FieldErrors> => {
      // The placed print's size rules out a smaller DTG size; the schema checks everything else.
      const errors = { ...sizing.problems(values), ...(await loadSchemaChecks()).checkQuote(values, prices) };
      // The visitor's own files judged beside the design's pictures, as the field itself judged them.
      const files =
        artworkProblem(artwork, designPictures) ?? artworkListError(chosenFiles(data.getAll(ARTWORK_FIELD)));
      return files ? { ...errors, [ARTWORK_FIELD]: files } : errors;
    },
    prepare: prefetchSchemaChecks,
    summarize: (values: FormValues, data: FormData) =>
      receivedSummary({
        pieces: piecesIn(values),
        fileTypes: chosenFiles(data.getAll(ARTWORK_FIELD)).map((file) => file.type),
        comments: values.comments?.trim() ? 1 : 0,
      }),
    sentText: 'Quote request sent.',
    // The panel that takes the form's place confirms it, reference and all; a toast over it would hide its
    // end on a phone.
    sentToast: false,
    onSent,
    fresh,
  });
  const { errors, message, sending, formRef, setFieldError } = submission;
  const [start] = useState(() => submission.initialValues ?? prefill);
  /** What the fields start with; taken again from the form when the service changes and fields remount. */
  const [defaults, setDefaults] = useState(start);
  /** What the form says now, for the estimate and the fields that depend on other fields. */
  const [values, setValues] = useState(start);
  const [today, setToday] = useState<string>();

  const service = serviceOf(values);
  const file = prices[service];
  const garment = catalogueGarment(file, values.garment ?? garmentFor(file, defaults.garment));
  const shownColor = garment ? (colorNamed(garment, values.garmentColor) ?? garment.colors?.[0]) : undefined;
  /** The artwork chosen: the placement tool (its own chunk) loads once there is some. */
  const [artwork, setArtwork] = useState<File[]>([]);
  const [designPictures, setDesignPictures] = useState<File[]>([]);
  /** Location rows with JavaScript (without it, every row the form can post waits in "Add another location"). */
  const [rowCount, setRowCount] = useState(() => filledRows(start, MAX_LOCATIONS));
  const rows = Math.min(rowCount, maxLocations(file));
  /** Bumped when a row is removed, so the rows remount with the values moved up as their defaults. */
  const [generation, setGeneration] = useState(0);
  /** A row to focus once rendered: the one just added, or the button after a removal. */
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const refresh = useCallback(() => {
    if (formRef.current) setValues(readForm(formRef.current));
  }, [formRef]);
  const sizing = usePrintSizes({
    formRef,
    service,
    prices,
    remounts: `${rows}-${generation}`,
    onFollowed: refresh,
    setFieldError,
  });
  // The one estimate of what the form says: the panel, the bar and nothing else show it.
  const first = quoteEstimate(values, prices, now);
  const pieces = first?.ok ? (first.estimate.ladder.find((row) => row.current)?.quantity ?? 0) : 0;
  const shopLoad = useLoadDates(first?.ok ? first.estimate.service : undefined, pieces);
  const stock = useBlankStock(garment?.id, shownColor?.name, values);
  // Blanks ordered from the supplier: the turnaround counts from the day they reach the shop.
  const load =
    stock?.arrivalDays === undefined
      ? shopLoad
      : withBlanksArrival(shopLoad, prices['order-terms'], now, stock.arrivalDays);
  // With the shop's load (once /api/dates answered), the date is the one the press can keep.
  const result = load ? quoteEstimate(values, prices, now, load) : first;

  // biome-ignore lint/correctness/useExhaustiveDependencies: service, hydrated and the rows decide which fields are in the form; this reads them once they have mounted.
  useEffect(() => {
    if (formRef.current) setValues(readForm(formRef.current));
  }, [formRef, service, hydrated, rows, generation]);
  useEffect(() => {
    if (focusRow === null || !formRef.current) return;
    const target =
      focusRow > 0
        ? formRef.current.querySelector<HTMLElement>(`[name="${locationFields(focusRow).placement}"]`)
        : formRef.current.querySelector<HTMLElement>('[data-add-location]');
    target?.focus();
    setFocusRow(null);
  }, [focusRow, formRef]);

  function addRow() {
    if (!formRef.current) return;
    setDefaults(newRowValues(readForm(formRef.current), rows + 1));
    setRowCount(rows + 1);
    setFocusRow(rows + 1);
  }

  function removeRow(n: number) {
    if (!formRef.current) return;
    const next = withoutRow(readForm(formRef.current), n);
    setDefaults(next);
    setValues(next);
    setGeneration((count) => count + 1);
    setRowCount(rows - 1);
    setFocusRow(n - 1 === rows - 1 ? 0 : n);
  }
  // The visitor's today, for the date picker's lower bound (the server allows a day's slack).
  useEffect(() => setToday(localToday(new Date())), []);

  function onFormChange(event: FormEvent<HTMLFormElement>) {
    sizing.onChoice(event.target);
    const next = readForm(event.currentTarget);
    if (next.service !== values.service) {
      setDefaults({ ...next, garment: garmentFor(prices[serviceOf(next)], next.garment) });
    }
    setValues(next);
  }

  const serviceName = site.services.services.find((item) => item.id === service)?.name ?? '';
  return (
    <FormFieldsProvider idPrefix={ID_PREFIX} errors={errors}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <form
          ref={formRef}
          method="post"
          // Posted without JavaScript to its own page, which answers a refusal with the form again there.
          action={getPage('pricing').path}
          encType="multipart/form-data"
          noValidate
          onSubmit={submission.onSubmit}
          onFocus={submission.onFocus}
          onChange={onFormChange}
          aria-labelledby={labelledBy}
          // A flex column, not a grid: the total bar's sticky range is then the whole form, not its own row.
          className="relative flex min-w-0 flex-col gap-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <FormGuards idPrefix={ID_PREFIX} />
          {start[REORDER_FIELD] && (
            <p className="rounded-lg bg-brand-50 p-4 text-stone-800">
              <input type="hidden" name={REORDER_FIELD} value={start[REORDER_FIELD]} />
              <strong>Reorder of {start[REORDER_FIELD]}.</strong> The details are those of your last order: change the
              sizes or anything else, then send. Screens and digitizing we have on file are not charged again when you
              keep the e-mail address that order was sent from; attach artwork only if it changed, since new artwork
              needs a new set-up.
            </p>
          )}
          <ErrorSummary
            message={message}
            errors={errors}
            idPrefix={ID_PREFIX}
            labelOf={quoteFieldLabel}
            targetOf={quoteFieldTarget}
            summaryRef={submission.summaryRef}
          />
          <div className="grid gap-8">
            <FormSection title="About you" description="Every field is needed unless it says optional.">
              <TextField name="name" label="Your name" autoComplete="name" defaultValue={start.name} />
              <TextField
                name="company"
                label="Company or team"
                autoComplete="organization"
                optional
                defaultValue={start.company}
              />
              <TextField
                name="email"
                label="E-mail"
                type="email"
                autoComplete="email"
                spellCheck={false}
                defaultValue={start.email}
              />
              <TextField name="phone" label="Phone" type="tel" autoComplete="tel" defaultValue={start.phone} />
            </FormSection>

            <FormSection title="Your order">
              <SelectField
                name="service"
                label="Service"
                options={site.services.services.map((item) => ({ value: item.id, label: item.name }))}
                defaultValue={start.service}
              />
              <SelectField
                key={service}
                name="garment"
                label="Garment"
                options={garmentChoices(file)}
                defaultValue={garmentFor(file, defaults.garment)}
              />
              <TextField
                name="garmentStyle"
                label="Garment type, brand or style"
                optional={values.garment !== OTHER_GARMENT}
                hint="Such as “Gildan 18500 hoodie”. Needed when you choose something else."
                defaultValue={start.garmentStyle}
              />
              <QuoteGarmentColor
                key={`${service}-${garment?.id ?? 'text'}`}
                garment={garment}
                start={garment ? defaults.garmentColor : start.garmentColor}
                current={values.garmentColor}
                own={values.garment === OWN_GARMENT}
              />
              {serviceOptions(file, garment !== undefined).map((option) => (
                <CheckboxField
                  key={`${service}-${option.name}`}
                  name={option.name}
                  label={option.label}
                  defaultChecked={defaults[option.name] === 'on'}
                  className="sm:col-span-2"
                />
              ))}
            </FormSection>

            <QuoteSizeFields defaults={defaults} values={values} />
            <QuoteStockLine answer={stock} />

            <FormSection
              title={locationsHeading(service)}
              description={`Where the ${decorationWord(service)} goes on each piece: up to ${pluralize(maxLocations(file), 'location')}.`}
            >
              <QuoteLocationFields
                rows={rows}
                file={file}
                prices={prices}
                defaults={defaults}
                hydrated={hydrated}
                generation={generation}
                onAdd={addRow}
                onRemove={removeRow}
                artWidthHint={artWidthHint(garment)}
                printSizes={sizing.printSizes}
              />
            </FormSection>

            <FormSection title="Dates and delivery">
              <TextField
                name="inHands"
                label="In-hands date"
                type="date"
                optional
                min={today}
                hint="The day you need the order by: the estimate shows whether it needs a rush."
                defaultValue={start.inHands}
                className="sm:col-span-2"
              />
              <QuoteDeliveryFields
                defaults={start}
                delivery={values.delivery ?? ''}
                hydrated={hydrated}
                summary={site.config.serviceArea.summary}
              />
            </FormSection>

            <FormSection title="Artwork and comments">
              <StudioDesignField
                garment={garment}
                colorName={shownColor?.name}
                service={service}
                placement={values[locationFields(1).placement]}
                quantity={piecesIn(values)}
                sizes={sizesIn(values)}
                sent={submission.initialValues?.[DESIGN_FIELD]}
                onRemoved={() => setFieldError(DESIGN_FIELD, undefined)}
                onPictures={setDesignPictures}
              />
              <ArtworkField
                onProblem={(problem) => setFieldError(ARTWORK_FIELD, problem)}
                onFiles={setArtwork}
                alongside={designPictures}
              />
              {artwork[0] && garment && shownColor && placeableRows(garment, values).length > 0 ? (
                placedByShop(artwork[0]) ? (
                  <ShopPlacesNote name={artwork[0].name} />
                ) : (
                  <Suspense
                    fallback={
                      <PlacementSkeleton
                        locations={placeableRows(garment, values).length}
                        status="Opening the placement tool…"
                      />
                    }
                  >
                    <PlacementTool
                      file={artwork[0]}
                      garment={garment}
                      color={shownColor}
                      rows={placeableRows(garment, values)}
                      form={formRef.current}
                      printSizes={prices['direct-to-garment'].printAreas}
                      onPrintSize={sizing.onPrintSize}
                    />
                  </Suspense>
                )
              ) : null}
              <TextAreaField
                name="comments"
                label="Comments"
                optional
                hint="Anything else we should know: design details, ink colors, names and numbers, questions."
                defaultValue={start.comments}
                className="sm:col-span-2"
              />
            </FormSection>
          </div>
          {/* The panel is below the form on a phone, and taller than the screen beside it on a desktop: the
              total stays in view while the form is. */}
          <TotalBar
            // Before any quantity there is nothing to fix yet, only something to enter.
            result={piecesIn(values) > 0 ? result : undefined}
            detailsHref="#quote-estimate-heading"
            emptyText="Enter your quantities to see a price."
            // Without the script nothing here reprices as the visitor types: no live total to keep in view.
            className="js-swap"
          />
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3 border-t border-stone-200 pt-6">
            <SubmitButton label="Send my quote request" sending={sending} />
            <p className="text-sm text-stone-600">
              Free, with no obligation. We use your details for this request only (
              <Link to="/privacy-policy" className="underline underline-offset-2">
                privacy policy
              </Link>
              ).
            </p>
          </div>
        </form>
        <QuoteEstimatePanel
          result={result}
          values={values}
          prices={prices}
          pieces={piecesIn(values)}
          serviceName={serviceName}
          testId={estimateTestId}
          now={now}
          blanksUncovered={blanksUncovered(stock)}
        />
      </div>
    </FormFieldsProvider>
  );
}

/**
 * The quote request on /pricing, with its live estimate, and the confirmation that replaces both once
 * the request is stored. `prefill` comes from a calculator's link, when the visitor followed one.
 */
export function QuoteForm({
  notice,
  prefill,
  estimateTestId,
  labelledBy,
}: {
  /** Said above the form (where its first values came from), and gone with it once the request is sent. */
  notice?: ReactNode;
  prefill: FormValues;
  estimateTestId: string;
  /** The heading that names the form (a form landmark for screen readers). */
  labelledBy?: string;
}) {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [round, setRound] = useState(0);
  if (receipt) {
    return (
      <SentPanel
        title="Thank you: your quote request is in"
        reference={receipt.reference}
        email={receipt.email}
        confirmationSkipped={receipt.confirmationSkipped === true}
        again={{
          label: 'Request another quote',
          onClick: () => {
            setReceipt(null);
            setRound((count) => count + 1);
          },
        }}
      >
        <QuoteReceipt summary={receipt.summary} link={receipt.link} mockups={receipt.mockups} />
      </SentPanel>
    );
  }
  return (
    <>
      {notice}
      <QuoteFields
        key={round}
        prefill={prefill}
        fresh={round > 0}
        estimateTestId={estimateTestId}
        labelledBy={labelledBy}
        onSent={setReceipt}
      />
    </>
  );
}
