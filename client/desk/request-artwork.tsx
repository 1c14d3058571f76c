import type { DeskRequestView } from '#shared/desk-contract.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { Section } from './request-section.tsx';

/** The customer's files: PNG and JPEG as thumbnails, every file as a download. */
export function ArtworkSection({ view }: { view: DeskRequestView }) {
  const base = `/staff/requests/${view.reference}`;
  return (
    <Section id="artwork" title="Artwork">
      {view.files.length === 0 ? (
        <p className="text-stone-700">No files were attached.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {view.files.map((file) => (
            <li key={file.position} className="min-w-0 rounded border border-stone-200 p-3">
              {file.previewable ? (
                // A box of its own height, contained: the picture arriving redraws only the box, never the page.
                <div className="flex h-48 items-center justify-center contain-strict">
                  <img
                    src={`${base}/files/${file.position}/preview`}
                    alt={`Preview of ${file.name}`}
                    className="max-h-48 w-auto max-w-full bg-[repeating-conic-gradient(#e7e5e4_0_25%,#fff_0_50%)] bg-[length:16px_16px]"
                    loading="lazy"
                  />
                </div>
              ) : (
                <p className="rounded bg-stone-100 p-4 text-center text-sm text-stone-700">
                  No preview for {file.mediaType === 'image/svg+xml' ? 'SVG' : 'this type'}: download it.
                </p>
              )}
              <p className="mt-2 text-sm wrap-anywhere">
                <a className="font-semibold underline" href={`${base}/files/${file.position}`}>
                  Download {file.name}
                </a>{' '}
                <span className="text-stone-600">({formatBytes(file.size)})</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
