import { useSiteData } from '#client/app-context.tsx';
import { formatUsPhone } from '#shared/phone.ts';

/** How a contact link looks inside running text. */
const inlineLink = 'font-semibold text-brand-700 underline';

/** The shop's phone: dialled in E.164, read the way US visitors write it. */
export function PhoneLink({ className = inlineLink }: { className?: string }) {
  const { phone } = useSiteData().config.contact;
  return (
    <a className={className} href={`tel:${phone}`}>
      {formatUsPhone(phone)}
    </a>
  );
}

export function EmailLink({ className = inlineLink }: { className?: string }) {
  const { email } = useSiteData().config.contact;
  return (
    <a className={className} href={`mailto:${email}`}>
      {email}
    </a>
  );
}
