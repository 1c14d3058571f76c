import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useAppContext } from '#client/app-context.tsx';
import { escapeHtml } from '#shared/escape-html.ts';
import {
  errorSummary,
  type FieldErrors,
  type FormName,
  type FormValues,
  formValuesFrom,
} from '#shared/submissions/form-values.ts';
import { newSubmissionKey } from '#shared/submissions/submission-key.ts';
import { sendForm } from './send-form.ts';
import { useServerFormState } from './use-server-form-state.ts';

/** What the confirmation panel needs once a form is stored. */
export interface Receipt {
  reference: string;
  email: string;
  /** What was sent, in a line (see `summarize`). */
  summary?: string;
  /** A quote request's private page (a path of this site). */
  link?: string;
  /** No confirmation was mailed (the address's daily limit): the panel says so instead of promising one. */
  confirmationSkipped?: boolean;
  /** The views of a quote request's mockups, shown from its private page. */
  mockups?: ('front' | 'back')[];
}

export interface FormSubmissionOptions {
  form: FormName;
  action: string;
  /**
   * The browser's own checks: the shared schema, and anything only the browser sees (files). Async, as
   * the schema loads on demand; should it fail to load, or take longer than CHECKS_WAIT_MS, the form is
   * sent and the server checks it.
   */
  validate: (values: FormValues, data: FormData) => Promise<FieldErrors>;
  /** Starts fetching what `validate` needs, so it is there when the visitor sends. */
  prepare: () => void;
  /** What was sent, in a line for the confirmation, from the values and files as they were sent. */
  summarize?: (values: FormValues, data: FormData) => string;
  /** What the success toast says before the reference ("Quote request sent."). */
  sentText: string;
  /** Whether a success toast says so too (default); not where the panel replacing the form is enough. */
  sentToast?: boolean;
  onSent: (receipt: Receipt) => void;
  /** Ignore what the server re-rendered: the visitor asked for a fresh form. */
  fresh?: boolean;
}

export interface FormSubmission {
  formRef: RefObject<HTMLFormElement | null>;
  summaryRef: RefObject<HTMLDivElement | null>;
  /** The values the form started with: the server's copy of a refused post, or nothing. */
  initialValues: FormValues | undefined;
  errors: FieldErrors;
  message: string;
  sending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** For the form's onFocus: the first field the visitor enters starts loading the checks. */
  onFocus: () => void;
  /** Shows (or clears) one field's problem at once, such as files that are too large. */
  setFieldError: (name: string, error: string | undefined) => void;
}

/**
 * How long a send waits for the browser's checks to download. Past it the form goes as it is and the
 * server, which runs the same schema, answers: a slow connection must not make Send look dead.
 */
const CHECKS_WAIT_MS = 3000;

/** The browser's verdict, or none (the server's will do) if the checks fail or are not there in time. */
async function checkedInTime(checks: Promise<FieldErrors>): Promise<FieldErrors> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<FieldErrors>((resolve) => {
    timer = setTimeout(() => resolve({}), CHECKS_WAIT_MS);
  });
  try {
    return await Promise.race([checks.catch((): FieldErrors => ({})), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** File inputs with nothing chosen still post an empty, nameless file: it is not artwork. */
export function withoutEmptyFiles(data: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of data) {
    if (typeof value !== 'string' && value.name === '' && value.size === 0) continue;
    cleaned.append(name, value);
  }
  return cleaned;
}

/**
 * Sending a form with JavaScript: check it in the browser, show problems beside the fields and in a
 * summary (focus goes to the first one), post it with fetch, and then confirm, or explain, keeping
 * everything the visitor typed. Without JavaScript the browser posts the same form and the server
 * answers with a page; this hook then only shows what that page carried.
 */
export function useFormSubmission(options: FormSubmissionOptions): FormSubmission {
  const { toasts } = useAppContext();
  const serverState = useServerFormState(options.form);
  const fromServer = options.fresh ? null : serverState;
  const [errors, setErrors] = useState<FieldErrors>(fromServer?.errors ?? {});
  const [message, setMessage] = useState(fromServer?.message ?? '');
  const [sending, setSending] = useState(false);
  /**
   * Set from the submit until the answer. A ref, not `sending`: a second click before React re-renders
   * would still read the old state.
   */
  const busy = useRef(false);
  /**
   * The one-time key of the submission being sent: made at the first send and kept for every retry
   * ("not sent, try again"), so a try whose answer was lost is answered with the first reference
   * instead of storing a second request; a new one only after a send went through.
   */
  const submissionKey = useRef<string | null>(null);
  /** Bumped to move focus after a render: to the first invalid field, or to the summary. */
  const [focusRequest, setFocusRequest] = useState<{ target: 'field' | 'summary' } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const field =
      focusRequest.target === 'field'
        ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])')
        : null;
    (field ?? summaryRef.current)?.focus();
  }, [focusRequest]);

  const showProblems = useCallback((found: FieldErrors, text: string, target: 'field' | 'summary') => {
    setErrors(found);
    setMessage(text);
    setFocusRequest({ target });
  }, []);

  async function submit(form: HTMLFormElement) {
    const { action, validate, sentText, onSent } = options;
    const data = withoutEmptyFiles(new FormData(form));
    const values = formValuesFrom(data.entries());
    // From the click on, the button says so, even while the checks are still downloading.
    setSending(true);
    const found = await checkedInTime(validate(values, data));
    if (Object.keys(found).length > 0) {
      setSending(false);
      showProblems(found, errorSummary(found), 'field');
      return;
    }
    setErrors({});
    setMessage('');
    submissionKey.current ??= newSubmissionKey();
    const outcome = await sendForm(action, data, submissionKey.current);
    setSending(false);
    switch (outcome.kind) {
      case 'sent':
        submissionKey.current = null;
        if (options.sentToast !== false) {
          toasts.add(
            outcome.reference
              ? `${escapeHtml(sentText)} Your reference is <strong>${escapeHtml(outcome.reference)}</strong>.`
              : escapeHtml(sentText),
            'success',
          );
        }
        onSent({
          reference: outcome.reference,
          email: values.email ?? '',
          summary: options.summarize?.(values, data),
          ...(outcome.link ? { link: outcome.link } : {}),
          ...(outcome.confirmationSkipped ? { confirmationSkipped: true } : {}),
          ...(outcome.mockups && outcome.mockups.length > 0 ? { mockups: outcome.mockups } : {}),
        });
        return;
      case 'invalid':
        showProblems(outcome.fields, outcome.message || errorSummary(outcome.fields), 'field');
        return;
      case 'refused':
      case 'offline':
        toasts.add(escapeHtml(outcome.message), 'error');
        showProblems(outcome.kind === 'refused' ? outcome.fields : {}, outcome.message, 'summary');
        return;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    void submit(event.currentTarget).finally(() => {
      busy.current = false;
    });
  }

  const setFieldError = useCallback((name: string, error: string | undefined) => {
    setErrors((current) => {
      if (current[name] === error) return current;
      const next = { ...current };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  }, []);

  return {
    formRef,
    summaryRef,
    initialValues: fromServer?.values,
    errors,
    message,
    sending,
    onSubmit,
    onFocus: options.prepare,
    setFieldError,
  };
}
