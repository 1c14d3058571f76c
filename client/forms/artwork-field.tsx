import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { pluralize } from '#shared/plural.ts';
import { getPage } from '#shared/routes.ts';
import {
  ARTWORK_ACCEPT,
  ARTWORK_FIELD,
  ARTWORK_KINDS,
  ARTWORK_MAX_FILE_BYTES,
  ARTWORK_MAX_FILES,
  ARTWORK_MAX_TOTAL_BYTES,
  type ArtworkFileInfo,
  artworkListError,
} from '#shared/submissions/artwork.ts';
import { artworkKindError, artworkKindOf } from '#shared/submissions/artwork-content.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { describedBy, FieldError, hintClass, labelClass } from './form-fields.tsx';
import { useFieldIds } from './form-fields-context.tsx';

const ARTWORK_HINT = `${ARTWORK_KINDS}: up to ${pluralize(ARTWORK_MAX_FILES, 'file')}, ${formatBytes(ARTWORK_MAX_FILE_BYTES)} each and ${formatBytes(ARTWORK_MAX_TOTAL_BYTES)} in all. No files yet? Send the request anyway and e-mail them later with your reference.`;

/**
 * The limits judged on everything the field sends. The visitor chose only their own files, so a count
 * over the limit says how many of theirs fit beside the design's pictures.
 */
export function artworkProblem(
  list: readonly ArtworkFileInfo[],
  alongside: readonly ArtworkFileInfo[],
): string | undefined {
  if (list.length === 0) return undefined;
  if (alongside.length > 0 && list.length + alongside.length > ARTWORK_MAX_FILES) {
    const room = Math.max(0, ARTWORK_MAX_FILES - alongside.length);
    return `Your design’s ${alongside.length === 1 ? 'picture is' : 'pictures are'} sent as ${pluralize(alongside.length, 'file')}: attach at most ${room} more; you chose ${list.length}.`;
  }
  return artworkListError([...alongside, ...list]);
}

/** The files the browser will send, ignoring the empty entry of an input with nothing chosen. */
export function chosenFiles(list: Iterable<File | string>): File[] {
  return [...list].filter((item): item is File => typeof item !== 'string' && (item.name !== '' || item.size > 0));
}

const ARTWORK_GUIDELINES_PATH = getPage('artwork-guidelines').path;

/**
 * The artwork picker. With JavaScript it lists what was chosen, with sizes, and says at once when the
 * files break a limit, before anything is uploaded.
 */
export function ArtworkField({
  onProblem,
  onFiles,
  alongside = [],
}: {
  onProblem: (problem: string | undefined) => void;
  /** The files chosen now (none after "Remove"): the placement tool shows the first. */
  onFiles?: (files: File[]) => void;
  /** Files the form sends in this field besides the visitor's choice (a studio design's pictures). */
  alongside?: readonly ArtworkFileInfo[];
}) {
  const ids = useFieldIds(ARTWORK_FIELD);
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<ArtworkFileInfo[]>([]);

  /** Which choice is the latest: the content of an earlier one, read meanwhile, no longer counts. */
  const choice = useRef(0);

  function show(list: ArtworkFileInfo[]): string | undefined {
    choice.current += 1;
    setFiles(list);
    const problem = artworkProblem(list, alongside);
    onProblem(problem);
    return problem;
  }

  // A design's picture that comes or goes after the files were chosen changes what the limits allow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: judged again only when the design's pictures change.
  useEffect(() => {
    if (files.length > 0) onProblem(artworkProblem(files, alongside));
  }, [alongside]);

  /**
   * Each file's bytes judged by the server's own rule (shared/submissions/artwork-content.ts): a file it
   * would refuse after the upload is refused now, in its words. Read once count and sizes are fine, so
   * at most the limit's bytes are read.
   */
  async function checkKinds(chosen: File[]) {
    const mine = choice.current;
    for (const file of chosen) {
      // A file gone from the disk since it was chosen is left to the server, which says so.
      const data = await file.arrayBuffer().catch(() => undefined);
      if (choice.current !== mine || !data) return;
      const kind = artworkKindOf(new Uint8Array(data));
      if (!kind) return onProblem(artworkKindError(file.name));
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = chosenFiles(event.currentTarget.files ?? []);
    const problem = show(chosen.map(({ name, size }) => ({ name, size })));
    onFiles?.(chosen);
    if (!problem && chosen.length > 0) void checkKinds(chosen);
  }

  function clear() {
    if (input.current) input.current.value = '';
    show([]);
    onFiles?.([]);
    input.current?.focus();
  }

  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <div className="sm:col-span-2">
      <label htmlFor={ids.id} className={labelClass}>
        Artwork files<span className="font-normal text-stone-600"> (optional)</span>
      </label>
      <input
        ref={input}
        id={ids.id}
        name={ARTWORK_FIELD}
        type="file"
        multiple
        accept={ARTWORK_ACCEPT}
        onChange={onChange}
        aria-invalid={ids.error ? true : undefined}
        aria-describedby={describedBy(ids.hintId, ids.error && ids.errorId)}
        className="mt-1 block w-full scroll-mt-8 rounded-lg border border-dashed border-stone-400 bg-stone-50 p-3 text-sm text-stone-700 file:mr-4 file:rounded-full file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-800 aria-[invalid=true]:border-red-700"
      />
      <p id={ids.hintId} className={hintClass}>
        {ARTWORK_HINT}
        {alongside.length > 0
          ? ` Your design’s ${alongside.length === 1 ? 'picture is' : 'pictures are'} sent here too, and counted.`
          : ''}{' '}
        {/* A new tab: leaving the form half filled in would lose what the visitor typed and chose. */}
        <a
          href={ARTWORK_GUIDELINES_PATH}
          target="_blank"
          rel="noopener"
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          Artwork guidelines<span className="sr-only"> (opens in a new tab)</span>
        </a>
        : which files work best and how large each service prints.
      </p>
      {files.length > 0 ? (
        <div className="mt-3 rounded-lg bg-stone-50 p-3 text-sm" data-testid="artwork-list">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">
              {pluralize(files.length, 'file')} chosen, {formatBytes(total)} in all
            </p>
            <button
              type="button"
              onClick={clear}
              className="rounded-full px-3 py-1 font-semibold text-brand-800 underline underline-offset-2 hover:bg-stone-200"
            >
              Remove {files.length === 1 ? 'the file' : 'the files'}
            </button>
          </div>
          <ul className="mt-2 space-y-1">
            {files.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; the list is rebuilt on each choice.
              <li key={index} className="flex justify-between gap-3">
                <span className="min-w-0 break-all">{file.name}</span>
                <span className="shrink-0 text-stone-600 tabular-nums">{formatBytes(file.size)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FieldError id={ids.errorId} error={ids.error} />
    </div>
  );
}
