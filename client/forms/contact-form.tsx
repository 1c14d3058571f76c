import { useState } from 'react';
import { getPage } from '#shared/routes.ts';
import type { FieldErrors, FormValues } from '#shared/submissions/form-values.ts';
import { ErrorSummary } from './error-summary.tsx';
import { TextAreaField, TextField } from './form-fields.tsx';
import { FormFieldsProvider } from './form-fields-context.tsx';
import { FormGuards } from './form-guards.tsx';
import { loadSchemaChecks, prefetchSchemaChecks } from './load-schema-checks.ts';
import { SentPanel } from './sent-panel.tsx';
import { SubmitButton } from './submit-button.tsx';
import { type Receipt, useFormSubmission } from './use-form-submission.ts';

const ID_PREFIX = 'contact';
const CONTACT_ACTION = '/api/contact';

const labels: Record<string, string> = { name: 'Your name', email: 'E-mail', phone: 'Phone', message: 'Message' };
const labelOf = (name: string) => labels[name] ?? name;

async function validate(values: FormValues): Promise<FieldErrors> {
  return (await loadSchemaChecks()).checkContact(values);
}

function ContactFields({
  fresh,
  labelledBy,
  onSent,
}: {
  fresh: boolean;
  labelledBy: string | undefined;
  onSent: (receipt: Receipt) => void;
}) {
  const submission = useFormSubmission({
    form: 'contact',
    action: CONTACT_ACTION,
    validate,
    prepare: prefetchSchemaChecks,
    sentText: 'Message sent.',
    onSent,
    fresh,
  });
  const { errors, message, sending, initialValues: start = {} } = submission;
  return (
    <FormFieldsProvider idPrefix={ID_PREFIX} errors={errors}>
      <form
        ref={submission.formRef}
        method="post"
        // Posted without JavaScript to its own page, which answers a refusal with the form again there.
        action={getPage('contact-us').path}
        noValidate
        onSubmit={submission.onSubmit}
        onFocus={submission.onFocus}
        aria-labelledby={labelledBy}
        aria-describedby="contact-required-note"
        className="relative grid gap-5"
      >
        <FormGuards idPrefix={ID_PREFIX} />
        <ErrorSummary
          message={message}
          errors={errors}
          idPrefix={ID_PREFIX}
          labelOf={labelOf}
          summaryRef={submission.summaryRef}
        />
        <p id="contact-required-note" className="text-sm text-stone-600">
          Every field is needed unless it says optional.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="name" label={labelOf('name')} autoComplete="name" defaultValue={start.name} />
          <TextField
            name="email"
            label={labelOf('email')}
            type="email"
            autoComplete="email"
            spellCheck={false}
            defaultValue={start.email}
          />
          <TextField
            name="phone"
            label={labelOf('phone')}
            type="tel"
            autoComplete="tel"
            optional
            hint="If you would rather we call you back."
            defaultValue={start.phone}
            className="sm:col-span-2"
          />
          <TextAreaField
            name="message"
            label={labelOf('message')}
            rows={6}
            hint="Tell us what you have in mind: garments, quantities, dates, questions."
            defaultValue={start.message}
            className="sm:col-span-2"
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <SubmitButton label="Send message" sending={sending} />
          <p className="text-sm text-stone-600">We answer every message within one business day.</p>
        </div>
      </form>
    </FormFieldsProvider>
  );
}

/** The contact form on /contact-us, and the confirmation that replaces it once the message is stored. */
export function ContactForm({ labelledBy }: { /** The heading that names the form. */ labelledBy?: string }) {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [round, setRound] = useState(0);
  if (receipt) {
    return (
      <SentPanel
        title="Thank you: your message is on its way"
        reference={receipt.reference}
        email={receipt.email}
        confirmationSkipped={receipt.confirmationSkipped === true}
        again={{
          label: 'Send another message',
          onClick: () => {
            setReceipt(null);
            setRound((count) => count + 1);
          },
        }}
      />
    );
  }
  return <ContactFields key={round} fresh={round > 0} labelledBy={labelledBy} onSent={setReceipt} />;
}
