import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { holdsPrint, type PrintSize, printAreaFor, printAreaProblem } from '#shared/garments/print-size-class.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import type { FieldErrors, FormValues } from '#shared/submissions/form-values.ts';
import { locationFields } from '#shared/submissions/quote-fields.ts';

/** Each location row's placed print (from the placement tool), by row number. */
export type PrintSizes = Readonly<Record<number, PrintSize>>;

const sameSize = (a: PrintSize | undefined, b: PrintSize) =>
  a !== undefined && a.widthInches === b.widthInches && a.heightInches === b.heightInches;

/**
 * The placed artwork decides a direct-to-garment location's print size, so the price follows what will really
 * be printed: when the print is placed or resized, the row's size choice follows it (the smallest size that
 * holds it), and the estimate with it. A larger size the visitor then chooses is kept until the next resize;
 * a smaller one is a field error, on the spot and when sending. The server applies the same rule to the post.
 */
export function usePrintSizes({
  formRef,
  service,
  prices,
  remounts,
  onFollowed,
  setFieldError,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  service: ServiceId;
  prices: PricingData;
  /** Changes when the location fields remount (rows added or removed): their choices are checked again. */
  remounts: string;
  /** The form's choices changed under the visitor: read them again (the estimate follows). */
  onFollowed: () => void;
  setFieldError: (name: string, error: string | undefined) => void;
}) {
  const [printSizes, setPrintSizes] = useState<PrintSizes>({});
  /** The sizes the choices last followed, and for which fields: a size that changed since is a resize. */
  const followed = useRef<{ sizes: PrintSizes; fields: string }>({ sizes: {}, fields: '' });
  const areas = prices['direct-to-garment'].printAreas;
  const priced = service === 'direct-to-garment';

  useEffect(() => {
    const form = formRef.current;
    if (!form || !priced) {
      // Back on direct to garment, its fields start again from their defaults.
      followed.current = { sizes: {}, fields: '' };
      return;
    }
    // Fields that (re)mounted start from their defaults: a choice too small for the print is raised.
    const fields = remounts;
    const before = followed.current.fields === fields ? followed.current.sizes : {};
    let changed = false;
    for (const [key, size] of Object.entries(printSizes)) {
      const name = locationFields(Number(key)).area;
      const select = form.elements.namedItem(name);
      const needed = printAreaFor(areas, size);
      const last = before[Number(key)];
      if (!(select instanceof HTMLSelectElement) || !needed || sameSize(last, size)) continue;
      const chosen = areas.find((area) => area.id === select.value);
      // A resize follows the print both ways; a first placement keeps a larger size already chosen.
      if ((last !== undefined || !chosen || !holdsPrint(chosen, size)) && select.value !== needed.id) {
        select.value = needed.id;
        changed = true;
      }
      setFieldError(name, undefined);
    }
    followed.current = { sizes: printSizes, fields };
    if (changed) onFollowed();
  }, [printSizes, priced, areas, formRef, onFollowed, setFieldError, remounts]);

  // The tool reports on every render of its own; only a real change of size is one here.
  const onPrintSize = useCallback(
    (sizes: PrintSizes) =>
      setPrintSizes((current) => {
        const keys = Object.keys(sizes);
        const same =
          keys.length === Object.keys(current).length &&
          keys.every((key) => sameSize(current[Number(key)], sizes[Number(key)] as PrintSize));
        return same ? current : sizes;
      }),
    [],
  );

  /** Each row whose chosen size is smaller than its placed print, with what to say beside it. */
  const problems = useCallback(
    (values: FormValues): FieldErrors => {
      if (!priced) return {};
      const found: FieldErrors = {};
      for (const [key, size] of Object.entries(printSizes)) {
        const name = locationFields(Number(key)).area;
        const problem = printAreaProblem(areas, values[name] ?? '', size);
        if (problem) found[name] = problem;
      }
      return found;
    },
    [printSizes, priced, areas],
  );

  /** A size the visitor chose: a smaller one than the print needs is said beside it at once. */
  const onChoice = useCallback(
    (target: EventTarget) => {
      if (!priced || !(target instanceof HTMLSelectElement)) return;
      const row = Object.keys(printSizes).find((key) => locationFields(Number(key)).area === target.name);
      const size = row === undefined ? undefined : printSizes[Number(row)];
      if (!size) return;
      setFieldError(target.name, printAreaProblem(areas, target.value, size) ?? undefined);
    },
    [printSizes, priced, areas, setFieldError],
  );

  return { printSizes: priced ? printSizes : {}, onPrintSize, problems, onChoice };
}
