import type { ReactNode } from 'react';
import { useSiteData } from '#client/app-context.tsx';
import { formatMoney } from '#shared/money.ts';
import { priceFileFor } from '#shared/pricing/price-file.ts';
import { formatInches, stitchWords } from '#shared/pricing/stitch-estimate.ts';
import type { PriceFile } from '#shared/pricing/types.ts';
import type { ServiceId } from '#shared/service-ids.ts';

interface Explained {
  how: ReactNode;
  faq: { question: string; answer: ReactNode }[];
}

/** How each service's price is made, in plain words, with the figures taken from its price file. */
function explain(prices: PriceFile): Explained {
  switch (prices.service) {
    case 'screen-printing':
      return {
        how: (
          <p>
            Each print location is priced per piece by how many pieces you order and how many ink colors the design has:
            more pieces cost less each. Each color needs its own screen ({formatMoney(prices.screenFee.cents)} per color
            per location, free from {prices.screenFee.waivedFromQuantity} pieces). Then add the garment, unless you
            bring your own.
          </p>
        ),
        faq: [
          {
            question: 'Why does a dark shirt cost more?',
            answer:
              'Ink on a dark shirt needs a white layer underneath to look bright. That layer prints like one more color.',
          },
          {
            question: 'What is the smallest order?',
            answer: `${prices.minimumQuantity} pieces. For fewer, direct-to-garment printing has no minimum.`,
          },
          {
            question: 'Can I mix sizes?',
            answer: 'Yes, at no cost. Only 2XL and larger sizes cost a little more, as the table of extras shows.',
          },
        ],
      };
    case 'direct-to-garment':
      return {
        how: (
          <p>
            A printer lays the full-color image straight onto the garment, so the number of colors does not matter: the
            price per piece depends on the print size and how many pieces you order. Dark garments are pretreated and
            get white ink under the colors, so they cost a little more.
          </p>
        ),
        faq: [
          {
            question: 'Is there a minimum order?',
            answer: 'No. One shirt is fine, and larger orders cost less per piece.',
          },
          {
            question: 'When do I pay for art set-up?',
            answer: `Only when your file is not ready to print (too small, or with a background to remove): ${formatMoney(prices.artSetupFee)}, once.`,
          },
          {
            question: 'Is DTG good for photos?',
            answer: 'Yes: gradients and fine detail print well, with no extra charge per color.',
          },
        ],
      };
    case 'embroidery':
      return {
        how: (
          <p>
            Embroidery is priced per piece by the number of stitches in the design and the number of pieces. A new
            design is digitized once (turned into a stitch file) for {formatMoney(prices.digitizingFee)}; after that,
            reorders have no set-up cost. Up to {prices.threadColorsIncluded} thread colors are included.
          </p>
        ),
        faq: [
          {
            question: 'How many stitches is my logo?',
            answer: `Give the calculator your logo's width and it estimates the stitches: a ${formatInches(prices.stitchEstimate.typicalWidthInches)} wide left-chest logo is ${stitchWords(prices.stitchEstimate, prices.stitchEstimate.typicalWidthInches)}; a full back is much more. Once we have your artwork, we count them exactly.`,
          },
          { question: 'What is the smallest order?', answer: `${prices.minimumQuantity} pieces.` },
          {
            question: 'Can you embroider caps and jackets?',
            answer: 'Yes: caps, polos, jackets and bags. Bring your own and pay only for the embroidery.',
          },
        ],
      };
  }
}

/** "How the price is made": the service's price in plain words, with its price file's figures. */
export function HowThePriceIsMade({ service }: { service: ServiceId }) {
  const { how } = explain(priceFileFor(useSiteData(), service));
  return (
    <section aria-labelledby="how-heading" className="max-w-3xl text-lg leading-relaxed text-stone-800">
      <h2 id="how-heading" className="text-2xl font-extrabold text-stone-900">
        How the price is made
      </h2>
      <div className="mt-3">{how}</div>
    </section>
  );
}

/** "Questions we hear" about the service, answered with its price file's figures. */
export function ServiceQuestions({ service }: { service: ServiceId }) {
  const { faq } = explain(priceFileFor(useSiteData(), service));
  return (
    <section aria-labelledby="faq-heading" className="max-w-3xl">
      <h2 id="faq-heading" className="text-2xl font-extrabold">
        Questions we hear
      </h2>
      <div className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {faq.map((item) => (
          <details key={item.question} className="group p-4">
            <summary className="cursor-pointer font-semibold">{item.question}</summary>
            <p className="mt-2 text-stone-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
