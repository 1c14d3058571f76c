import type { DeskTeamStores } from '#shared/stores/store-contract.ts';
import { Section } from './request-section.tsx';

/** The request's team stores, each to its own page, and the link opening a new one. */
export function TeamStoresSection({ stores }: { stores: DeskTeamStores }) {
  return (
    <Section id="team-stores" title="Team stores">
      {stores.stores.length > 0 ? (
        <ul className="space-y-1">
          {stores.stores.map((store) => (
            <li key={store.href} className="wrap-anywhere">
              <a className="font-semibold text-brand-800 underline" href={store.href}>
                {store.title}
              </a>{' '}
              <span className="text-sm text-stone-700">({store.state})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-700">
          No store yet. A store lets each buyer order and pay for their own pieces, charged only if the minimum sells.
        </p>
      )}
      <p className="mt-3">
        <a className="font-semibold text-brand-800 underline" href={stores.open}>
          Open a team store
        </a>
      </p>
    </Section>
  );
}
