import { useEffect, useRef, useState } from 'react';
import { keptPicture, picturesOf } from '#client/studio/picture-handoff.ts';
import { ARTWORK_FIELD } from '#shared/submissions/artwork.ts';

/**
 * The pictures a studio design places, sent as artwork files with the request: a file input of the form's
 * own artwork field, filled by the script and never shown, so the form's data carries them through the
 * same upload chain and limits as the files chosen by hand. It comes before the artwork picker, so where
 * the design covers the first location the customer's own files keep their order for the others. The
 * server finds each picture among the files by its content. A picture this tab no longer has (the form
 * reopened in another tab) is named, with the way to send it anyway.
 */
export function DesignPictures({ json, onFiles }: { json: string; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [lost, setLost] = useState<string[]>([]);
  useEffect(() => {
    const pictures = picturesOf(json);
    // A design of text and motifs has nothing to send (and jsdom, which runs the form's tests, has no DataTransfer).
    if (pictures.length === 0) {
      setLost([]);
      onFiles([]);
      return;
    }
    const files = new DataTransfer();
    const missing: string[] = [];
    for (const picture of pictures) {
      const file = keptPicture(picture.id);
      if (file) files.items.add(file);
      else missing.push(picture.name);
    }
    if (input.current) input.current.files = files.files;
    setLost(missing);
    onFiles([...files.files]);
    // The design removed: its pictures no longer count against the artwork field's limit.
    return () => onFiles([]);
  }, [json, onFiles]);
  return (
    <>
      <input ref={input} type="file" name={ARTWORK_FIELD} multiple hidden tabIndex={-1} aria-hidden="true" />
      {lost.length > 0 ? (
        <p className="mt-1 text-sm text-amber-900 wrap-anywhere">
          Your picture {lost.map((name) => `‘${name}’`).join(', ')} is not in this tab any more: attach it under Artwork
          files below (we match it to your design), or edit your design and add it again.
        </p>
      ) : null}
    </>
  );
}
