import { useShopTime } from '#client/components/shop-time.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { PIN_NOTE_MAX, PIN_PLACE_MAX, type PinView } from '#shared/requests/proof-pins.ts';

/*
 * Notes pinned on a proof, as the customer's page and the desk both show them: the picture with its
 * numbered pins (an SVG, so each pin sits at its fractions of the picture at every width, with no style
 * attribute the CSP would refuse), the list of notes beside it with their answers, and the forms. All of
 * it works without JavaScript; the proof's script (client/proof-pins.ts) adds the click, the tap and the
 * keyboard cross-hair that fill in the point.
 */

const inputClass = 'mt-1 w-full rounded border border-stone-400 px-3 py-2';

/** Where the picture sits in a print-size frame, in the frame's units: the pins' layer covers just that. */
interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The longest part of a note a pin's name quotes: the list carries the whole of it. */
const NAME_QUOTE = 120;

/** "Note 3 (done): make the logo a bit bigger", quoted short, by characters as a person counts them. */
function pinName(pin: PinView): string {
  const characters = Array.from(pin.text.replace(/\s+/g, ' '));
  const quote =
    characters.length > NAME_QUOTE ? `${characters.slice(0, NAME_QUOTE - 1).join('')}…` : characters.join('');
  return `Note ${pin.number}${pin.done ? ' (done)' : ''}: ${quote}`;
}

/**
 * The numbered pins over a proof picture: an SVG in the picture's own pixels, laid over it (stretched to
 * its box, which keeps the picture's proportions) or, in a print-size frame, placed where the picture sits.
 * The list beside it carries the words; the numbers tie each mark to its note.
 */
export function PinLayer({
  pixels,
  pins,
  frame,
}: {
  pixels: { width: number; height: number };
  pins: readonly PinView[];
  frame?: Frame;
}) {
  const { width, height } = pixels;
  const radius = Math.max(width, height) * 0.035;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      {...(frame
        ? { x: frame.x, y: frame.y, width: frame.width, height: frame.height }
        : { className: 'absolute inset-0 size-full' })}
      overflow="visible"
      // The list beside the picture says what each pin asks; the marks themselves are for the eye.
      aria-hidden="true"
      data-proof-svg=""
    >
      {pins.map((pin) =>
        pin.x === null || pin.y === null ? null : (
          <g
            key={pin.number}
            transform={`translate(${pin.x * width} ${pin.y * height})`}
            data-pin-mark={pin.number}
            // The name the phone's slider gives the pin it copies (client/proof-compare.ts), where the lists
            // are hidden. An attribute, not a <title>: the page's text stays the lists' alone.
            data-pin-name={pinName(pin)}
          >
            <circle r={radius} fill={pin.done ? '#047857' : '#be185d'} stroke="#fff" strokeWidth={radius * 0.18} />
            <text
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={radius * 1.1}
              fontWeight="700"
              fill="#fff"
              fontFamily="system-ui, sans-serif"
            >
              {pin.number}
            </text>
          </g>
        ),
      )}
    </svg>
  );
}

/**
 * The box a proof takes notes in: the script (client/proof-pins.ts) makes it focusable and listens for the
 * click, the tap and the arrow keys; `formId` is the note form the point goes into.
 */
export function PinArea({ formId, children }: { formId?: string; children: React.ReactNode }) {
  return (
    <div
      className="relative mx-auto w-fit max-w-full rounded outline-offset-4 focus-visible:outline-3 focus-visible:outline-brand-700"
      {...(formId ? { 'data-proof-area': '', 'data-pin-form': formId } : {})}
    >
      {children}
    </div>
  );
}

/** A proof picture with its pins over it, no taller than `maxHeightPx`. */
export function PinnedImage({
  src,
  pixels,
  pins,
  label,
  maxHeightPx = 576,
  formId,
}: {
  src: string;
  pixels: { width: number; height: number };
  pins: readonly PinView[];
  label: string;
  maxHeightPx?: number;
  formId?: string;
}) {
  const shown = Math.min(pixels.width, Math.round((maxHeightPx * pixels.width) / pixels.height));
  return (
    <PinArea {...(formId ? { formId } : {})}>
      <img
        src={src}
        alt={label}
        // Its box is kept from these before it arrives (no shift), and it loads once scrolled near.
        width={shown}
        height={Math.round((shown * pixels.height) / pixels.width)}
        loading="lazy"
        className="block h-auto max-w-full rounded bg-stone-50"
      />
      <PinLayer pixels={pixels} pins={pins} />
    </PinArea>
  );
}

/** Who wrote it, when, and what: one line of a note or an answer. */
function Said({ who, at, fromCustomer }: { who: string; at: string; fromCustomer: boolean }) {
  const { dateTime } = useShopTime();
  return (
    <p className="text-xs text-stone-600">
      <span className={fromCustomer ? 'font-semibold text-stone-800' : 'font-semibold text-brand-800'}>{who}</span>,{' '}
      {dateTime(at)}
    </p>
  );
}

/** The notes on a proof, by number, with their answers; the answer forms while notes can be written. */
export function PinList({
  pins,
  answerAction,
  csrfToken,
  open,
}: {
  pins: readonly PinView[];
  /** The address a note's answer posts to, by its number; absent once the proof takes no more notes. */
  answerAction?: (number: number) => string;
  csrfToken: string;
  open: boolean;
}) {
  if (pins.length === 0) return <p className="text-sm text-stone-700">No notes on this version.</p>;
  return (
    <ol className="space-y-3" data-testid="pin-list">
      {pins.map((pin) => (
        <li
          key={pin.number}
          id={`note-${pin.number}`}
          className="min-w-0 scroll-mt-4 rounded border border-stone-200 p-3"
          data-pin={pin.number}
        >
          <div className="flex items-start gap-2">
            <span
              className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${pin.done ? 'bg-emerald-700' : 'bg-pink-700'}`}
              aria-hidden="true"
            >
              {pin.number}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                <span className="sr-only">Note {pin.number}</span>
                {pin.done && <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-sm text-emerald-900">Done</span>}
                {pin.x === null && (
                  <span className="text-sm font-normal text-stone-700 wrap-anywhere">
                    {pin.done ? ' · ' : ''}
                    {pin.place ? `Where: ${pin.place}` : 'Not pinned to a point'}
                  </span>
                )}
              </p>
              <p className="whitespace-pre-line wrap-anywhere">{pin.text}</p>
              <Said who={pin.who} at={pin.at} fromCustomer={pin.fromCustomer} />
              {pin.replies.length > 0 && (
                <ul className="mt-2 space-y-2 border-l-2 border-stone-200 pl-3">
                  {pin.replies.map((reply) => (
                    <li key={`${reply.at}-${reply.text.slice(0, 20)}`}>
                      <p className="whitespace-pre-line wrap-anywhere">{reply.text}</p>
                      <Said who={reply.who} at={reply.at} fromCustomer={reply.fromCustomer} />
                    </li>
                  ))}
                </ul>
              )}
              {open && answerAction && (
                // Folded away until wanted: a list of notes each with a box open would bury the proof.
                <details className="mt-1" data-answer={pin.number}>
                  <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-800 underline">
                    Answer{pin.done ? ' or open again' : ' or mark done'}
                  </summary>
                  <form method="post" action={answerAction(pin.number)} className="space-y-2">
                    <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
                    <label htmlFor={`answer-${pin.number}`} className="block text-sm font-medium">
                      Answer note {pin.number}
                    </label>
                    <textarea
                      id={`answer-${pin.number}`}
                      name="text"
                      rows={2}
                      maxLength={PIN_NOTE_MAX}
                      className={inputClass}
                    />
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="submit"
                        className="min-h-11 rounded border border-stone-400 bg-white px-3 py-1.5 font-semibold hover:bg-stone-100"
                      >
                        Send answer
                      </button>
                      <button
                        type="submit"
                        name="done"
                        value={pin.done ? 'open' : 'done'}
                        className="min-h-11 rounded border border-stone-400 bg-white px-3 py-1.5 font-semibold hover:bg-stone-100"
                      >
                        {pin.done ? 'Open again' : 'Mark done'}
                      </button>
                    </div>
                  </form>
                </details>
              )}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * A new note: its words, and where. With the script, a click, a tap or the cross-hair fills in the point
 * (the hidden x and y); without it, or for a PDF, "where" says it in words.
 */
export function PinForm({
  id,
  action,
  csrfToken,
  pinnable,
  draft,
}: {
  id: string;
  action: string;
  csrfToken: string;
  /** The proof is a picture the note can be pinned on (a PDF whose first page could not be drawn is not). */
  pinnable: boolean;
  /** A note just refused, as typed: back in its fields. */
  draft?: { text: string; place: string };
}) {
  return (
    <form id={id} method="post" action={action} className="mt-4 space-y-3 rounded border border-stone-300 p-4">
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      <input type="hidden" name="x" value="" data-pin-x="" />
      <input type="hidden" name="y" value="" data-pin-y="" />
      <h3 className="font-bold">Add a note</h3>
      {pinnable ? (
        <p className="text-sm text-stone-700" data-pin-help="">
          Say where on the proof in words below.
        </p>
      ) : (
        <p className="text-sm text-stone-700">This proof is a PDF: say where on it in words.</p>
      )}
      <p className="text-sm font-semibold text-brand-800" aria-live="polite" data-pin-status="" />
      <div>
        <label htmlFor={`${id}-place`} className="block font-medium">
          Where <span className="font-normal text-stone-600">(optional, such as “the date under the logo”)</span>
        </label>
        <input
          id={`${id}-place`}
          name="place"
          maxLength={PIN_PLACE_MAX}
          defaultValue={draft?.place}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="block font-medium">
          Your note
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={3}
          required
          maxLength={PIN_NOTE_MAX}
          defaultValue={draft?.text}
          className={inputClass}
        />
      </div>
      <button
        type="submit"
        className="min-h-11 rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Pin this note
      </button>
    </form>
  );
}
