/**
 * The studio design's print size per garment size, for the press's sheet: the stored design, measured with
 * the server's copies of the studio's fonts, and the sizes counted on the request's form, planned by the
 * same rule the studio's panel showed the customer.
 */
import { studioFont } from '#server/studio/studio-fonts.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import type { WorkOrderView } from '#shared/production/board-view.ts';
import { layersExtent } from '#shared/studio/layer-extent.ts';
import { sizePlan } from '#shared/studio/size-plan.ts';
import { storedDesign } from '#shared/submissions/design-field.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { placements, quoteSizes, sizeField } from '#shared/submissions/quote-fields.ts';

export function workOrderSizePlans(
  values: Readonly<FormValues> | undefined,
  garments: readonly CatalogueGarment[],
): WorkOrderView['sizePlans'] {
  const design = storedDesign(values);
  const garment = design && garments.find((candidate) => candidate.id === design.garmentId);
  if (!design || !garment) return [];
  const ordered = quoteSizes.filter((size) => Number(values?.[sizeField(size)]) > 0);
  return Object.entries(design.locations).flatMap(([placement, layers]) => {
    if (!layers?.length) return [];
    const location = placement as keyof typeof design.locations;
    const plan = sizePlan({ placement: location, ...layersExtent(layers, studioFont) }, garment, ordered);
    if (!plan) return [];
    const groups = plan.kind === 'one' ? [plan.group] : plan.groups;
    return [
      {
        label: placements[location],
        groups: groups.map((group) => ({
          sizes: group.sizes.length > 0 ? group.sizes.join(', ') : 'Every piece',
          print: `${group.print.widthInches} × ${group.print.heightInches} in`,
        })),
      },
    ];
  });
}
