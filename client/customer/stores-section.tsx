import type { CustomerPageStores } from '#shared/stores/store-contract.ts';
import { PageSection } from './customer-document.tsx';

/** The team stores opened from this request: each one's state and the organiser's page of it. */
export function StoresSection({ stores }: { stores: CustomerPageStores }) {
  return (
    <PageSection id="team-stores" title="Your team stores">
      <p className="text-stone-700">
        Follow the orders as they come, the totals by size and the money raised; close a store early or give it more
        time. The links are private, like this page.
      </p>
      {stores.stores.length > 0 && (
        <ul className="mt-3 space-y-2">
          {stores.stores.map((store) => (
            <li key={store.href} className="wrap-anywhere">
              <a className="font-semibold text-brand-800 underline" href={store.href}>
                {store.title}
              </a>{' '}
              <span className="text-stone-700">({store.state})</span>
            </li>
          ))}
        </ul>
      )}
      {stores.open && (
        <p className="mt-3">
          <a className="font-semibold text-brand-800 underline" href={stores.open}>
            Open a team store
          </a>{' '}
          <span className="text-stone-700">
            (each buyer pays for their own; nobody is charged unless the minimum sells)
          </span>
        </p>
      )}
    </PageSection>
  );
}
