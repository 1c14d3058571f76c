import type { DesignLayer, StudioDesign } from '#shared/studio/design-schema.ts';

/** The studio's query naming the request whose design the desk edits. */
export const DESK_REQUEST_PARAM = 'request';

/** What the editor needs from the desk: the layers to start on, and the save that replaces its hand-over. */
export interface DeskEdit {
  reference: string;
  layers: readonly DesignLayer[];
  save: (design: StudioDesign) => void;
}
