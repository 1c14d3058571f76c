import { useSiteData } from '#client/app-context.tsx';
import { describeOpeningHours } from '#shared/opening-hours.ts';

/** The week's opening hours from the config, as a list of days and times (contact page and footer). */
export function OpeningHours({ className = '', stacked = false }: { className?: string; stacked?: boolean }) {
  const { config } = useSiteData();
  return (
    <dl className={className}>
      {describeOpeningHours(config.openingHours).map((line) => (
        // Stacked in a narrow column (the footer), where "Monday to Friday" and its times cannot share a line.
        <div key={line.days} className={stacked ? '' : 'flex justify-between gap-4'}>
          <dt>{line.days}</dt>
          <dd className="font-semibold">{line.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
