import { useShopTime } from '#client/components/shop-time.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageOptions } from '#shared/customer-page-contract.ts';
import { MESSAGE_MAX_LENGTH } from './messages-section.tsx';

const inputClass = 'mt-1 w-full rounded border border-stone-400 px-3 py-2';

/**
 * Approve a version (type your name, accept the terms) or ask for changes (say what): two plain forms
 * posting to the same address, so the choice works without JavaScript. The approval is recorded with
 * the exact version, the time and where it came from.
 */
export function DecisionForms({
  action,
  subject,
  version,
  options,
  withProof,
}: {
  action: string;
  subject: 'quote' | 'proof';
  version: number;
  options: CustomerPageOptions;
  /** A draft proof sent with the quote: approving the quote approves this proof version too. */
  withProof?: number;
}) {
  const id = `${subject}-${version}`;
  const what = withProof === undefined ? `${subject} v${version}` : `quote v${version} and proof v${withProof}`;
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <form method="post" action={action} className="space-y-3 rounded border-2 border-emerald-700 p-4">
        <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
        <input type="hidden" name="decision" value="approved" />
        <h3 className="font-bold">Approve {withProof === undefined ? `this ${subject} (v${version})` : what}</h3>
        <div>
          <label htmlFor={`${id}-name`} className="block font-medium">
            Your full name, as your signature
          </label>
          <input
            id={`${id}-name`}
            name="name"
            required
            minLength={2}
            maxLength={100}
            autoComplete="name"
            className={inputClass}
          />
        </div>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="accept" required className="mt-1 size-4 shrink-0" />
          <span>
            I approve{' '}
            {subject === 'proof'
              ? 'this proof as it will be printed, under the'
              : withProof === undefined
                ? 'this quote and accept the'
                : 'this quote, and the proof above as it will be printed, and accept the'}{' '}
            <a href="/terms-of-service" className="underline">
              terms of service
            </a>
            .
          </span>
        </label>
        <button
          type="submit"
          className="w-full rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
        >
          Approve {what}
        </button>
      </form>
      <form method="post" action={action} className="space-y-3 rounded border border-stone-300 p-4">
        <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
        <input type="hidden" name="decision" value="changes" />
        <h3 className="font-bold">Something to change?</h3>
        <div>
          <label htmlFor={`${id}-comment`} className="block font-medium">
            What should we change?
          </label>
          <textarea
            id={`${id}-comment`}
            name="comment"
            rows={4}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          className="w-full rounded border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Ask for changes
        </button>
      </form>
    </div>
  );
}

/** The record of their approval, shown in place of the forms. */
export function ApprovedNote({ approval }: { approval: { name: string; at: string } }) {
  const { dateTime } = useShopTime();
  return (
    <p className="mt-4 rounded bg-emerald-50 p-3 text-emerald-900 wrap-anywhere">
      Approved by {approval.name} on {dateTime(approval.at)}.
    </p>
  );
}
