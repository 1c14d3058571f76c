import { AskedDetails } from '#client/components/asked-details.tsx';
import type { CustomerPageView } from '#shared/customer-page-contract.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { PageSection } from './customer-document.tsx';

/** The files of the request (theirs, and any sent since): PNG and JPEG as pictures, every file as a download. */
function FilesList({ view }: { view: CustomerPageView }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {view.files.map((file) => (
        <li key={file.position} className="rounded border border-stone-200 p-3">
          {file.previewable ? (
            <img
              src={`${view.path}/files/${file.position}/preview`}
              alt={`Preview of ${file.name}`}
              loading="lazy"
              className="h-40 w-full rounded bg-stone-50 object-contain"
            />
          ) : (
            <p className="flex h-40 items-center justify-center rounded bg-stone-50 p-3 text-center text-sm text-stone-700">
              No preview for this kind of file
            </p>
          )}
          <p className="mt-2 text-sm wrap-anywhere">
            <a className="font-semibold underline" href={`${view.path}/files/${file.position}`}>
              Download {file.name}
            </a>{' '}
            <span className="text-stone-600">({formatBytes(file.size)})</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** What they asked for: their fields as the shop reads them, the website's estimate then, and the artwork. */
export function AskedSection({ view }: { view: CustomerPageView }) {
  return (
    <PageSection id="asked" title="What you asked for">
      <AskedDetails
        asked={view.asked}
        estimateHeading="The website’s estimate when you sent it"
        estimateNote="Your quote from us gives the final price."
        labelColumn="sm:grid-cols-[11rem_minmax(0,1fr)]"
      />
      <h3 className="mt-6 font-bold">Artwork</h3>
      <div className="mt-2">
        {view.files.length === 0 ? (
          <p className="text-stone-700">No files yet. You can send them with a message below.</p>
        ) : (
          <FilesList view={view} />
        )}
      </div>
    </PageSection>
  );
}
