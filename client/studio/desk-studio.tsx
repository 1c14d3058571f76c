/**
 * The studio in the desk's hands: the public studio page opened with `request=<reference>` loads that
 * request's design from the desk's JSON route (behind the desk's sign-in, so the page itself holds nothing
 * private), edits one location of it in the same editor the customer used, and saves the whole design back
 * to the request, which redraws its mockup. Kept apart from the editor, which only learns where its layers
 * come from and what its last button does.
 */
import { useEffect, useState } from 'react';
import { HttpError, request } from '#client/http-client.ts';
import { isRecord } from '#shared/is-record.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import StudioEditor, { type StudioProps } from './studio-editor.tsx';

const designPath = (reference: string) => `/staff/requests/${encodeURIComponent(reference)}/design`;

/** The server's sentence on a refused save, else a plain one. */
function refusal(error: unknown): string {
  if (error instanceof HttpError && isRecord(error.body) && typeof error.body.message === 'string')
    return `The design was not saved: ${error.body.message}`;
  return 'The design was not saved: check your connection, or that you are still signed in to the desk, and try again.';
}

export default function DeskStudio({ reference, ...props }: StudioProps & { reference: string }) {
  const [stored, setStored] = useState<StudioDesign | null>(null);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    request<unknown>(`${designPath(reference)}.json`).then(
      (answer) => {
        if (isRecord(answer) && isRecord(answer.design)) setStored(answer.design as unknown as StudioDesign);
        else setProblem('This request’s design could not be read: sign in to the desk and open it again.');
      },
      () => setProblem('This request’s design could not be read: sign in to the desk and open it again.'),
    );
  }, [reference]);

  if (!stored)
    return problem ? (
      <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
        {problem}
      </p>
    ) : (
      <p className="text-stone-700">Opening request {reference} in the studio…</p>
    );

  const location = props.start.location;

  function save(edited: StudioDesign) {
    if (!stored || saving) return;
    // The studio edits one location; the request's other locations go back as they were.
    const locations = { ...stored.locations, [location]: edited.locations[location] ?? [] };
    setSaving(true);
    setProblem('');
    request<{ next?: unknown }>(designPath(reference), {
      method: 'POST',
      body: { design: { ...stored, locations }, location },
    }).then(
      (answer) =>
        window.location.assign(typeof answer?.next === 'string' ? answer.next : `/staff/requests/${reference}`),
      (error: unknown) => {
        setSaving(false);
        setProblem(refusal(error));
      },
    );
  }

  return (
    <div className="grid gap-4">
      <p className="rounded-xl border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-stone-900">
        Editing the design of request{' '}
        <a href={`/staff/requests/${reference}#design`} className="font-semibold underline">
          {reference}
        </a>
        . Saving replaces it on the request and redraws its mockup; the design before is kept in its history.
      </p>
      {problem ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {problem}
        </p>
      ) : null}
      <StudioEditor {...props} desk={{ reference, layers: stored.locations[location] ?? [], save }} />
    </div>
  );
}
