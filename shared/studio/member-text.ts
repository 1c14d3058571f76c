/**
 * A design made once for a whole group, filled in for one member: a text layer that stands for "each
 * member's name" or "each member's number" takes that member's own, in the layer's font, ink, size and
 * arc. The server draws each member's preview from the result, so what a player sees is what prints.
 */
import type { DesignLayer, StudioDesign, TextLayer } from './design-schema.ts';
import { inkById } from './inks.ts';

/** A member's back name and number as their entry keeps them; empty when they gave none. */
export interface MemberText {
  backName: string;
  backNumber: string;
}

/** Whether the design has any text that each member fills in. */
export function hasMemberText(design: StudioDesign): boolean {
  return Object.values(design.locations).some((layers) => layers?.some((layer) => isMemberLayer(layer)));
}

export const isMemberLayer = (layer: DesignLayer): layer is TextLayer & { stands: NonNullable<TextLayer['stands']> } =>
  layer.kind === 'text' && layer.stands !== undefined;

/** What the member gives for a layer's kind: the name upper-cased as the group form keeps it. */
function memberValue(layer: TextLayer, member: MemberText): string {
  return layer.stands === 'member-name' ? member.backName.trim().toUpperCase() : member.backNumber.trim();
}

/**
 * The design with the member's name and number in place of the samples. A member who gave no name (or no
 * number) gets no such layer: a sample "PLAYER" on their back would print. A location left with no layer
 * is dropped, as the studio saves none empty. The layers stay in their order, so stacking is kept.
 */
export function designForMember(design: StudioDesign, member: MemberText): StudioDesign {
  const locations: StudioDesign['locations'] = {};
  for (const [location, layers] of Object.entries(design.locations) as [
    keyof StudioDesign['locations'],
    DesignLayer[] | undefined,
  ][]) {
    const filled = (layers ?? []).flatMap((layer): DesignLayer[] => {
      if (!isMemberLayer(layer)) return [layer];
      const text = memberValue(layer, member);
      return text ? [{ ...layer, text }] : [];
    });
    if (filled.length > 0) locations[location] = filled;
  }
  return { ...design, locations };
}

/**
 * The member's own text on these layers, for a picture's text alternative: "SMITH, 23, in athletic gold",
 * or "SMITH in white, 23 in red" when the inks differ; undefined when none of the layers is theirs.
 */
export function memberTextWords(layers: readonly DesignLayer[], member: MemberText): string | undefined {
  const parts = layers.filter(isMemberLayer).flatMap((layer) => {
    const text = memberValue(layer, member);
    return text ? [{ text, ink: (inkById(layer.inkId)?.name ?? layer.inkId).toLowerCase() }] : [];
  });
  if (parts.length === 0) return undefined;
  const inks = new Set(parts.map((part) => part.ink));
  if (inks.size === 1) return `${parts.map((part) => part.text).join(', ')}, in ${parts[0]?.ink}`;
  return parts.map((part) => `${part.text} in ${part.ink}`).join(', ');
}

/**
 * The design as every shirt of the group shares it, the names and numbers taken out: what is burned into
 * screens. Each member's own text is printed from their page of the names sheet.
 */
export function withoutMemberText(design: StudioDesign): StudioDesign {
  return designForMember(design, { backName: '', backNumber: '' });
}
