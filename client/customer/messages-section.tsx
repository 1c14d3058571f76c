import { useShopTime } from '#client/components/shop-time.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageOptions, CustomerPageView } from '#shared/customer-page-contract.ts';
import {
  ARTWORK_ACCEPT,
  ARTWORK_FIELD,
  ARTWORK_KINDS,
  ARTWORK_MAX_FILE_BYTES,
  ARTWORK_MAX_FILES,
  ARTWORK_MAX_TOTAL_BYTES,
} from '#shared/submissions/artwork.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { PageSection } from './customer-document.tsx';

/** The longest message, as the quote form's comments and the desk's messages. */
export const MESSAGE_MAX_LENGTH = 2000;

/** The conversation with the shop, both sides, and a form to write (with artwork) to it. */
export function MessagesSection({ view, options }: { view: CustomerPageView; options: CustomerPageOptions }) {
  const { dateTime } = useShopTime();
  return (
    <PageSection id="messages" title="Messages">
      {view.thread.length === 0 ? (
        <p className="text-stone-700">No messages yet. Anything to add or ask? Write to us here.</p>
      ) : (
        <ol className="space-y-3">
          {view.thread.map((message) => (
            <li
              key={`${message.at}-${message.from}`}
              className={`rounded p-3 ${message.from === 'customer' ? 'ml-6 bg-brand-50' : 'mr-6 bg-stone-100'}`}
            >
              <p className="text-sm text-stone-700">
                <span className="font-semibold text-stone-900">{message.who}</span> · {dateTime(message.at)}
              </p>
              {message.text && <p className="mt-1 whitespace-pre-line wrap-anywhere">{message.text}</p>}
              {message.files.length > 0 && (
                <ul className="mt-2 text-sm">
                  {message.files.map((file) => (
                    <li key={file.position} className="wrap-anywhere">
                      Attached:{' '}
                      <a className="font-semibold underline" href={`${view.path}/files/${file.position}`}>
                        {file.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <form
        method="post"
        action={`${view.path}/messages`}
        encType="multipart/form-data"
        className="mt-4 space-y-3 border-t border-stone-200 pt-4"
      >
        {/* First: the server checks the token before it reads a single file. */}
        <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
        <div>
          <label htmlFor="message-text" className="block font-medium">
            Write to {options.shopName}
          </label>
          <textarea
            id="message-text"
            name="text"
            rows={4}
            maxLength={MESSAGE_MAX_LENGTH}
            className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="message-artwork" className="block font-medium">
            Add artwork <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <input
            id="message-artwork"
            name={ARTWORK_FIELD}
            type="file"
            multiple
            accept={ARTWORK_ACCEPT}
            aria-describedby="message-artwork-hint"
            className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-stone-400 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
          <p id="message-artwork-hint" className="mt-1 text-sm text-stone-700">
            {ARTWORK_KINDS}; up to {ARTWORK_MAX_FILES} files, {formatBytes(ARTWORK_MAX_FILE_BYTES)} each and{' '}
            {formatBytes(ARTWORK_MAX_TOTAL_BYTES)} in all.
          </p>
        </div>
        <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Send to the shop
        </button>
      </form>
    </PageSection>
  );
}
