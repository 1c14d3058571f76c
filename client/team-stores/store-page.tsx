import { GarmentPicture } from '#client/components/garment-picture.tsx';
import { SizeChart } from '#client/components/size-chart.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { StorePageView, StoreProductView } from '#shared/stores/store-contract.ts';
import { STORE_LIMITS } from '#shared/stores/store-rules.ts';
import { button, card, Field, input, NoticeLine, StoreShell } from './store-shell.tsx';

/** A product: its pictures in each colour, its sizes with their prices, a size chart, and its add form. */
function ProductCard({ view, product }: { view: StorePageView; product: StoreProductView }) {
  const formId = `add-${product.id}`;
  const mine = view.form?.form === formId ? view.form : undefined;
  const errors = mine?.errors ?? {};
  const value = (name: string, fallback = '') => mine?.values[name] ?? fallback;
  const id = (name: string) => `p${product.id}-${name}`;
  const described = (name: string) => (errors[name] ? { 'aria-describedby': `${id(name)}-error` } : {});
  return (
    <section aria-labelledby={`${id('title')}`} className={card}>
      <h2 id={id('title')} className="text-lg font-bold wrap-anywhere">
        {product.title}
      </h2>
      <p className="mt-1 font-semibold">{product.price}</p>
      <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
        {product.colours.map((colour) => (
          <li key={colour.name} className="text-center text-sm">
            <GarmentPicture
              type={product.type}
              view="front"
              hex={colour.hex}
              label={`${product.title} in ${colour.name}`}
              className="mx-auto h-auto w-full max-w-32"
            />
            <span className="wrap-anywhere">{colour.name}</span>
          </li>
        ))}
      </ul>
      <SizeChart rows={product.sizeChart} caption={`Body measurements per size of ${product.title}`} />
      {view.open && (
        <form method="post" action={view.actions.add} className="mt-4 space-y-4">
          <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
          <input type="hidden" name="product" value={product.id} />
          <fieldset {...described('colour')}>
            <legend className="font-medium">Colour</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {product.colours.map((colour, index) => (
                <label key={colour.name} className="flex items-center gap-2 rounded border border-stone-300 px-3 py-2">
                  <input
                    type="radio"
                    name="colour"
                    value={colour.name}
                    required
                    defaultChecked={value('colour', index === 0 ? colour.name : '') === colour.name}
                  />
                  <span className="wrap-anywhere">{colour.name}</span>
                </label>
              ))}
            </div>
            {errors.colour && (
              <p id={`${id('colour')}-error`} className="mt-1 text-sm font-semibold text-red-800">
                {errors.colour}
              </p>
            )}
          </fieldset>
          <fieldset {...described('size')}>
            <legend className="font-medium">Size</legend>
            <div className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-5">
              {product.sizes.map((size) => (
                <label key={size.size} className="flex flex-col rounded border border-stone-300 px-3 py-2 text-center">
                  <span className="flex items-center justify-center gap-2">
                    <input
                      type="radio"
                      name="size"
                      value={size.size}
                      required
                      defaultChecked={value('size') === size.size}
                    />
                    <span className="font-semibold">{size.size}</span>
                  </span>
                  <span className="text-sm text-stone-700">{size.price}</span>
                </label>
              ))}
            </div>
            {errors.size && (
              <p id={`${id('size')}-error`} className="mt-1 text-sm font-semibold text-red-800">
                {errors.size}
              </p>
            )}
          </fieldset>
          <Field id={id('quantity')} label="How many" error={errors.quantity}>
            <input
              id={id('quantity')}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={STORE_LIMITS.quantity}
              required
              defaultValue={value('quantity', '1')}
              className={input}
              {...described('quantity')}
            />
          </Field>
          {view.asksNames && (
            <Field
              id={id('backName')}
              label="Name on the back"
              hint={`(optional, up to ${STORE_LIMITS.backName} letters)`}
              error={errors.backName}
            >
              <input
                id={id('backName')}
                name="backName"
                maxLength={STORE_LIMITS.backName}
                autoComplete="off"
                defaultValue={value('backName')}
                className={input}
                {...described('backName')}
              />
            </Field>
          )}
          {view.asksNumbers && (
            <Field id={id('backNumber')} label="Number" hint="(optional, up to 2 digits)" error={errors.backNumber}>
              <input
                id={id('backNumber')}
                name="backNumber"
                inputMode="numeric"
                maxLength={STORE_LIMITS.backNumber}
                autoComplete="off"
                defaultValue={value('backNumber')}
                className={input}
                {...described('backNumber')}
              />
            </Field>
          )}
          <button type="submit" className={button}>
            Add to my order
          </button>
        </form>
      )}
    </section>
  );
}

function CartSection({ view }: { view: StorePageView }) {
  const cart = view.cart;
  const mine = view.form?.form === 'checkout' ? view.form : undefined;
  const errors = mine?.errors ?? {};
  const described = (name: string) => (errors[name] ? { 'aria-describedby': `checkout-${name}-error` } : {});
  return (
    <section aria-labelledby="cart-title" className={card} id="cart">
      <h2 id="cart-title" className="text-lg font-bold">
        Your order
      </h2>
      {!cart || cart.lines.length === 0 ? (
        <p className="mt-2 text-stone-700">Nothing yet: choose a colour and size above and add it.</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-stone-200">
            {cart.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 flex-1 wrap-anywhere">{line.text}</span>
                <span className="font-semibold">{line.price}</span>
                {view.open && (
                  <form method="post" action={view.actions.remove}>
                    <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
                    <input type="hidden" name="item" value={line.id} />
                    <button type="submit" className="rounded border border-stone-400 px-3 py-1 text-sm">
                      Remove<span className="sr-only"> {line.text}</span>
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-lg font-bold" data-testid="cart-total">
            Total {cart.total}
          </p>
          {view.open && view.canCheckout && (
            <form method="post" action={view.actions.checkout} className="mt-4 space-y-4">
              <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
              <Field id="checkout-name" label="Your name" error={errors.name}>
                <input
                  id="checkout-name"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={100}
                  defaultValue={mine?.values.name ?? ''}
                  className={input}
                  {...described('name')}
                />
              </Field>
              <Field id="checkout-email" label="Your e-mail" error={errors.email}>
                <input
                  id="checkout-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  defaultValue={mine?.values.email ?? ''}
                  className={input}
                  {...described('email')}
                />
              </Field>
              {view.sortBy !== '' && (
                <Field
                  id="checkout-group"
                  label={view.sortBy === 'team' ? 'Your team' : 'Your class'}
                  error={errors.group}
                >
                  <input
                    id="checkout-group"
                    name="group"
                    required
                    maxLength={40}
                    defaultValue={mine?.values.group ?? ''}
                    className={input}
                    {...described('group')}
                  />
                </Field>
              )}
              {view.charging === 'minimum' && (
                <div>
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      name="consent"
                      value="yes"
                      required
                      className="mt-1 size-5 shrink-0"
                      {...described('consent')}
                    />
                    <span>
                      Keep my card on file and charge it for this order when the store closes, only if the minimum is
                      reached. Nothing is charged today.
                    </span>
                  </label>
                  {errors.consent && (
                    <p id="checkout-consent-error" className="mt-1 text-sm font-semibold text-red-800">
                      {errors.consent}
                    </p>
                  )}
                </div>
              )}
              <button type="submit" className={button}>
                {view.charging === 'minimum'
                  ? 'Save my card and place my order'
                  : `Pay ${cart.total} and place my order`}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The public store page, phone first and working without script: the counter toward the minimum, the
 * products with their pictures, sizes and add forms, the cart kept on the server, and the checkout.
 */
export function StorePage({
  view,
  shopName,
  stylesheets,
}: {
  view: StorePageView;
  shopName: string;
  stylesheets: readonly string[];
}) {
  const reached = Math.min(100, Math.round((view.counter.pieces / Math.max(1, view.counter.minimum)) * 100));
  return (
    <StoreShell title={view.title} label="Team store" shopName={shopName} stylesheets={stylesheets}>
      <div>
        <h1 className="text-2xl font-bold wrap-anywhere">{view.title}</h1>
        <p className="mt-1 text-stone-700">{view.when}</p>
      </div>
      <NoticeLine notice={view.notice} />
      <section aria-labelledby="counter-title" className={card} data-count-url={view.countUrl}>
        <h2 id="counter-title" className="sr-only">
          Toward the minimum
        </h2>
        <p className="text-lg font-semibold" data-testid="counter" aria-live="polite">
          {view.counter.text}
        </p>
        {view.charging === 'minimum' ? (
          <>
            <progress
              className="mt-2 h-3 w-full"
              max={100}
              value={reached}
              aria-label="Pieces ordered toward the minimum"
            >
              {reached}%
            </progress>
            <p className="mt-2 text-sm text-stone-700">
              Nobody is charged unless the store reaches its minimum when it closes. If it does not, your card is never
              charged.
            </p>
          </>
        ) : (
          <p className="mt-2 text-sm text-stone-700">
            You pay when you order, and everything ordered is printed after the store closes.
          </p>
        )}
        {view.raises && <p className="mt-2 font-semibold text-emerald-800">{view.raises}</p>}
        <p className="mt-2 text-sm text-stone-700">{view.delivery}</p>
      </section>
      {view.design && (
        <img
          src={view.design.src}
          alt={view.design.alt}
          className="max-h-72 w-full rounded border border-stone-200 bg-white object-contain"
        />
      )}
      {view.products.map((product) => (
        <ProductCard key={product.id} view={view} product={product} />
      ))}
      <CartSection view={view} />
      <p className="text-sm text-stone-700">
        Questions:{' '}
        <a className="font-semibold underline" href={`mailto:${view.contactEmail}`}>
          {view.contactEmail}
        </a>
      </p>
      {view.countUrl && <script src="/stores/live-counter.js" defer />}
    </StoreShell>
  );
}
