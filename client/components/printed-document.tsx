import type { ReactNode } from 'react';
import { PrivateHead } from './private-head.tsx';

/** The shop as a printed document's heading names it. */
export interface DocumentShop {
  name: string;
  address: readonly string[];
  phone: string;
  email: string;
}

/**
 * A page that prints as it shows, as an invoice or a credit note does: the way back (hidden in print), the
 * shop's name and address beside the document's title, number, order and date, then the body.
 * No script.
 */
export function PrintedDocument({
  title,
  heading,
  shop,
  back,
  stylesheets,
  number,
  reference,
  date,
  children,
}: {
  /** The browser tab's title. */
  title: string;
  heading: string;
  shop: DocumentShop;
  back: { path: string; label: string };
  stylesheets: readonly string[];
  /** The document's own number ("INV-000012"), the order it is about, and its date as worded. */
  number: string;
  reference: string;
  date: string;
  children: ReactNode;
}) {
  return (
    <html lang="en-US">
      <PrivateHead title={title} stylesheets={stylesheets} />
      <body className="bg-stone-100 text-stone-900 print:bg-white">
        <main className="mx-auto max-w-3xl bg-white p-4 shadow-sm md:my-6 md:p-10 print:m-0 print:max-w-none print:p-0 print:shadow-none">
          <p className="mb-4 text-sm print:hidden">
            <a href={back.path} className="underline">
              ← {back.label}
            </a>
          </p>
          <div className="flex flex-wrap justify-between gap-6">
            <div>
              <p className="text-xl font-bold">{shop.name}</p>
              {shop.address.map((line) => (
                <p key={line}>{line}</p>
              ))}
              <p>{shop.phone}</p>
              <p>{shop.email}</p>
            </div>
            <div className="text-left sm:text-right">
              <h1 className="text-2xl font-bold">{heading}</h1>
              <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 text-sm">
                <dt className="text-stone-700">Number</dt>
                <dd className="font-mono">{number}</dd>
                <dt className="text-stone-700">Order</dt>
                <dd className="font-mono">{reference}</dd>
                <dt className="text-stone-700">Date</dt>
                <dd>{date}</dd>
              </dl>
            </div>
          </div>
          {children}
        </main>
      </body>
    </html>
  );
}
