import { useSiteData } from '#client/app-context.tsx';
import { describeOpeningHours } from '#shared/opening-hours.ts';

/** The week's opening hours from the config, as a list of days and times (contact page and footer). */
export function OpeningHours({ className = '', rowClassName = '' }: { className?: string; rowClassName?: string }) {
  const { config } = useSiteData();
  return (
    <dl className={className}>
      {describeOpeningHours(config.openingHours).map((line) => (
        <div key={line.days} className={`flex justify-between gap-4 ${rowClassName}`}>
          <dt>{line.days}</dt>
          <dd className="font-semibold">{line.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
