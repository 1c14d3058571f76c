import type { DeskRequestView } from '#shared/desk-contract.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { Section } from './request-section.tsx';
import { ThumbnailBox } from './thumbnail-box.tsx';

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
                <ThumbnailBox
                  src={`${base}/files/${file.position}/preview`}
                  alt={`Preview of ${file.name}`}
                  size="small"
                  className="justify-center"
                />
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
