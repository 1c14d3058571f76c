import type { TextLayer } from '#shared/studio/design-schema.ts';
import { type MemberTextKind, memberTextKinds, memberTextLabels } from '#shared/studio/member-text-kinds.ts';
import { SelectBox } from './studio-fields.tsx';

/** The sample each kind shows in the studio until a member's own name or number takes its place. */
const samples: Record<MemberTextKind, string> = { 'member-name': 'PLAYER', 'member-number': '00' };

const isKind = (value: string): value is MemberTextKind => (memberTextKinds as readonly string[]).includes(value);

/**
 * Whether a text is fixed or stands for each member's name or number on a group order: a coach designs
 * the shirt once and every player's preview (and print) gets their own. Choosing a kind puts its sample in
 * the text field, so the preview shows where a name goes and how large it prints.
 */
export function MemberTextChoice({
  layer,
  onChange,
}: {
  layer: TextLayer;
  onChange: (next: TextLayer, words: string, group: string) => void;
}) {
  // The full width of the editor's two columns: the choices' words would be cut off in one.
  return (
    <div className="sm:col-span-2">
      <SelectBox
        label="This text is"
        value={layer.stands ?? ''}
        onValue={(value) => {
          if (isKind(value))
            onChange(
              { ...layer, stands: value, text: samples[value] },
              `Shown as '${samples[value]}' in the studio`,
              'stands',
            );
          else {
            const { stands: _fixed, ...fixed } = layer;
            onChange(fixed, 'Fixed: the same on every shirt', 'stands');
          }
        }}
      >
        <option value="">Fixed: the same on every shirt</option>
        {memberTextKinds.map((kind) => (
          <option key={kind} value={kind}>
            {memberTextLabels[kind].charAt(0).toUpperCase() + memberTextLabels[kind].slice(1)}
          </option>
        ))}
      </SelectBox>
    </div>
  );
}
