import { useShopTime } from '#client/components/shop-time.tsx';
import type { BlanksView } from '#shared/blanks/blanks-view.ts';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';

const inputClass = 'mt-1 w-full rounded border border-stone-400 bg-white px-3 py-2';

/** The stock check: a garment, a colour and the pieces per size, answered per size from the imports. */
function StockCheck({ view }: { view: BlanksView }) {
  const { check } = view;
  return (
    <section aria-labelledby="check" className="rounded border border-stone-300 bg-white p-4">
      <h2 id="check" className="text-lg font-bold">
        Stock check
      </h2>
      <p className="text-sm text-stone-700">What the supplier has for a quote, per size, from its import in force.</p>
      <form method="get" action="/staff/blanks#check" className="mt-3 space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="check-garment" className="block font-medium">
              Garment
            </label>
            <select id="check-garment" name="garment" defaultValue={check.garment} className={inputClass}>
              {view.garments.map((garment) => (
                <option key={garment.id} value={garment.id}>
                  {garment.title}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="check-colour" className="block font-medium">
              Colour
            </label>
            <input
              id="check-colour"
              name="colour"
              list="check-colours"
              defaultValue={check.colour}
              autoComplete="off"
              className={inputClass}
            />
            <datalist id="check-colours">
              {[...new Set(view.garments.flatMap((garment) => garment.colours))].map((colour) => (
                <option key={colour} value={colour} />
              ))}
            </datalist>
          </div>
        </div>
        <fieldset>
          <legend className="font-medium">Pieces per size</legend>
          <div className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-9">
            {view.sizes.map((size) => (
              <div key={size}>
                <label htmlFor={`check-${size}`} className="block text-center text-sm font-semibold">
                  {size}
                </label>
                <input
                  id={`check-${size}`}
                  name={size}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  defaultValue={check.sizes[size]}
                  className="mt-1 w-full rounded border border-stone-400 px-2 py-1 text-center tabular-nums"
                />
              </div>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Check stock
        </button>
      </form>
      {check.problem && (
        <p role="alert" className="mt-3 rounded bg-amber-50 p-3 text-sm text-amber-950">
          {check.problem}
        </p>
      )}
      {check.lines && (
        <div className="mt-3" data-testid="stock-answer">
          <p className="text-sm text-stone-700">
            {check.supplier}, figures {check.age}.
          </p>
          <ul className="mt-1 space-y-1">
            {check.lines.map((line) => (
              <li key={line.text} className={line.short > 0 ? 'font-semibold text-red-800' : 'text-emerald-900'}>
                {line.text}
                {line.short > 0 ? ` (${line.short} short)` : ''}
              </li>
            ))}
          </ul>
          {check.alternative && (
            <p className="mt-2">
              Has every size: <strong>{check.alternative}</strong>.
            </p>
          )}
          {check.arrival && <p className="mt-2 text-sm">{check.arrival}</p>}
        </div>
      )}
    </section>
  );
}

/**
 * /staff/blanks: each supplier's product file in force and how old its stock figures are, the form that
 * imports a new one (works without JavaScript: a plain multipart post), the last imports, and the stock
 * check for a quote.
 */
export function BlanksPage({ view, options }: { view: BlanksView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  return (
    <DeskDocument title="Blanks" options={options} staff={view.staff}>
      <h1 className="text-2xl font-bold">Blanks: suppliers’ stock</h1>
      <p className="mt-1 text-sm">
        <a href="/staff/blanks/to-buy" className="font-semibold underline">
          Blanks to buy and purchase orders
        </a>
      </p>
      <p className="mt-1 max-w-prose text-sm text-stone-700">
        Import each supplier’s product file (CSV, in its own layout). A file is checked whole first: if any row is
        wrong, nothing is stored and the last import stays in force.
      </p>
      {view.notice && (
        <p
          role={view.notice.type === 'error' ? 'alert' : 'status'}
          className={`mt-4 rounded p-3 text-sm ${view.notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
        >
          {view.notice.text}
        </p>
      )}
      {view.problems.length > 0 && (
        <ul aria-label="What is wrong with the file" className="mt-2 list-disc space-y-1 pl-6 text-sm text-red-900">
          {view.problems.map((problem) => (
            <li key={problem} className="break-words">
              {problem}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="suppliers" className="mt-6">
        <h2 id="suppliers" className="text-lg font-bold">
          In force
        </h2>
        <ul className="mt-2 grid gap-3 md:grid-cols-3">
          {view.suppliers.map((supplier) => (
            <li key={supplier.id} className="rounded border border-stone-300 bg-white p-3 text-sm">
              <p className="font-bold">{supplier.name}</p>
              {supplier.current ? (
                <>
                  <p>
                    Stock figures {supplier.current.age} ({dateTime(supplier.current.takenAt)})
                  </p>
                  <p className="break-all text-stone-700">
                    {supplier.current.fileName}: {supplier.current.rows.toLocaleString('en-US')} SKUs
                  </p>
                  <p className="text-stone-700">
                    Imported {dateTime(supplier.current.importedAt)} by{' '}
                    <span className="break-all">{supplier.current.importedBy}</span>
                  </p>
                </>
              ) : (
                <p>Not imported yet: its garments show no stock.</p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <form
          method="post"
          action="/staff/blanks/import"
          encType="multipart/form-data"
          className="space-y-4 rounded border border-stone-300 bg-white p-4"
        >
          <TokenField token={options.csrfToken} />
          <h2 className="text-lg font-bold">Import a product file</h2>
          <div>
            <label htmlFor="import-supplier" className="block font-medium">
              Supplier
            </label>
            <select id="import-supplier" name="supplier" className={inputClass}>
              {view.suppliers.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="import-file" className="block font-medium">
              CSV file
            </label>
            <p id="import-file-help" className="text-sm text-stone-700">
              At most {view.maxSize}. The columns read are listed under each supplier below.
            </p>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby="import-file-help"
              className="mt-1 block w-full text-sm"
            />
          </div>
          <div>
            <label htmlFor="import-taken" className="block font-medium">
              Stock taken at (optional)
            </label>
            <p id="import-taken-help" className="text-sm text-stone-700">
              When you downloaded the file, on the shop’s clock; leave empty for now.
            </p>
            <input
              id="import-taken"
              name="takenAt"
              type="datetime-local"
              aria-describedby="import-taken-help"
              className={inputClass}
            />
          </div>
          <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Import
          </button>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Columns each importer reads</summary>
            <dl className="mt-2 space-y-2">
              {view.suppliers.map((supplier) => (
                <div key={supplier.id}>
                  <dt className="font-semibold">{supplier.name}</dt>
                  <dd className="break-words font-mono text-xs">{supplier.columns.join(', ')}</dd>
                </div>
              ))}
            </dl>
          </details>
        </form>
        <StockCheck view={view} />
      </div>
      <section aria-labelledby="history" className="mt-6">
        <h2 id="history" className="text-lg font-bold">
          Last imports
        </h2>
        {view.history.length === 0 ? (
          <p className="text-sm">None yet.</p>
        ) : (
          <ol className="mt-2 space-y-2 text-sm">
            {view.history.map((row) => (
              <li key={`${row.importedAt}-${row.supplier}`} className="rounded border border-stone-200 bg-white p-2">
                <p className="font-medium">
                  {row.supplier}: <span className="break-all">{row.fileName}</span>, {row.rows.toLocaleString('en-US')}{' '}
                  SKUs
                </p>
                <p className="text-stone-700">
                  Taken {dateTime(row.takenAt)}; imported {dateTime(row.importedAt)} by{' '}
                  <span className="break-all">{row.by}</span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </DeskDocument>
  );
}
