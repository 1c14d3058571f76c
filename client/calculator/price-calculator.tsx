import { formatUsPhone } from '../../shared/phone.ts';
import type { ServiceId } from '../../shared/site-data.ts';
import { useSiteData } from '../app-context.tsx';

/**
 * The price calculator's chunk, shared by the three service pages and loaded with them only. Until the
 * price tables land it says so plainly and offers the phone, rather than showing a made-up price.
 */
export function PriceCalculator({ service }: { service: ServiceId }) {
  const { config, services } = useSiteData();
  const name = services.services.find((item) => item.id === service)?.name ?? 'this service';
  return (
    <section
      aria-labelledby="calculator-heading"
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id="calculator-heading" className="text-xl font-bold">
        {name} price calculator
      </h2>
      <p className="mt-2 text-stone-700">
        Instant prices for {name.toLowerCase()} are on their way to this page. Until then, call{' '}
        <a className="font-semibold text-brand-700 underline" href={`tel:${config.contact.phone}`}>
          {formatUsPhone(config.contact.phone)}
        </a>{' '}
        and we will price your order while you wait.
      </p>
    </section>
  );
}
