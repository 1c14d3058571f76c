/** The form's one button; while the form is on its way it says so and cannot send it twice. */
export function SubmitButton({ label, sending }: { label: string; sending: boolean }) {
  return (
    <button
      type="submit"
      disabled={sending}
      className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-800"
    >
      {sending ? (
        <>
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          />
          Sending…
        </>
      ) : (
        label
      )}
    </button>
  );
}
