import { type DesignLayer, MAX_TEXT_LENGTH, type TextLayer } from '#shared/studio/design-schema.ts';
import { studioFonts } from '#shared/studio/fonts.ts';
import { inkById, inks as studioInkOptions } from '#shared/studio/inks.ts';
import { MemberTextChoice } from './member-text-choice.tsx';
import { InkSelect, NumberField, SelectBox, TextBox } from './studio-fields.tsx';

/** A change to the selected layer: the new layer, what to announce, and the undo group it joins. */
export type LayerChange = (next: DesignLayer, words: string, group: string) => void;

const inkName = (id: string) => inkById(id)?.name ?? id;

/** A layer's size in inches, within what any print area holds, announced as the visitor hears it. */
function InchesField({ label, value, onValue }: { label: string; value: number; onValue: (inches: number) => void }) {
  return <NumberField label={label} unit="in" value={value} min={0.1} max={20} step={0.1} onValue={onValue} />;
}

function TextFields({
  layer,
  missing,
  embroidery,
  onChange,
}: {
  layer: TextLayer;
  missing: string[];
  embroidery: boolean;
  onChange: LayerChange;
}) {
  // A needle cannot sew every face: embroidery offers only those it can (the schema refuses the rest).
  const fonts = studioFonts.filter((font) => !embroidery || font.embroidery);
  const set = (patch: Partial<TextLayer>, words: string, field: string) =>
    onChange({ ...layer, ...patch }, words, field);
  const arc = layer.arc;
  return (
    <>
      <TextBox
        label="Text"
        value={layer.text}
        maxLength={MAX_TEXT_LENGTH}
        hint={
          missing.length > 0
            ? `This font cannot draw ${missing.map((char) => `“${char}”`).join(', ')}: they are left out.`
            : undefined
        }
        onValue={(text) => set({ text }, `Text changed to '${text}'`, 'text')}
      />
      <MemberTextChoice layer={layer} onChange={onChange} />
      <SelectBox
        label="Font"
        value={layer.fontId}
        onValue={(fontId) =>
          set({ fontId }, `Font ${studioFonts.find((font) => font.id === fontId)?.name ?? fontId}`, 'font')
        }
      >
        {fonts.map((font) => (
          <option key={font.id} value={font.id}>
            {font.name} ({font.style})
          </option>
        ))}
      </SelectBox>
      <InkSelect label="Ink" value={layer.inkId} onValue={(inkId) => set({ inkId }, `Ink ${inkName(inkId)}`, 'ink')} />
      <InchesField
        label="Letter height"
        value={layer.sizeInches}
        onValue={(sizeInches) => set({ sizeInches }, `Letters ${sizeInches} in tall`, 'size')}
      />
      <NumberField
        label="Letter spacing"
        unit="share of height"
        value={layer.letterSpacing}
        min={-0.2}
        max={1}
        step={0.05}
        onValue={(letterSpacing) => set({ letterSpacing }, `Letter spacing ${letterSpacing}`, 'spacing')}
      />
      <SelectBox
        label="Outline"
        value={layer.outline?.inkId ?? ''}
        onValue={(inkId) =>
          set(
            { outline: inkId ? { inkId, widthInches: layer.outline?.widthInches ?? 0.05 } : null },
            inkId ? `Outline ${inkName(inkId)}` : 'No outline',
            'outline',
          )
        }
      >
        <option value="">No outline</option>
        <OptionInks />
      </SelectBox>
      {layer.outline ? (
        <NumberField
          label="Outline width"
          unit="in"
          value={layer.outline.widthInches}
          min={0.01}
          max={0.5}
          step={0.01}
          onValue={(widthInches) =>
            layer.outline &&
            set({ outline: { ...layer.outline, widthInches } }, `Outline ${widthInches} in`, 'outline-width')
          }
        />
      ) : null}
      <SelectBox
        label="Arc"
        value={arc?.direction ?? ''}
        onValue={(direction) =>
          set(
            {
              arc: direction === 'up' || direction === 'down' ? { direction, degrees: arc?.degrees ?? 120 } : null,
            },
            direction ? `Arc ${direction} ${arc?.degrees ?? 120}°` : 'Straight, no arc',
            'arc',
          )
        }
      >
        <option value="">Straight</option>
        <option value="up">Arc up (a rainbow)</option>
        <option value="down">Arc down (a smile)</option>
      </SelectBox>
      {arc ? (
        <NumberField
          label="Arc"
          unit="degrees"
          value={arc.degrees}
          min={1}
          max={360}
          step={5}
          onValue={(degrees) => set({ arc: { ...arc, degrees } }, `Arc ${arc.direction} ${degrees}°`, 'arc-degrees')}
        />
      ) : null}
    </>
  );
}

/** The ink options, for a select that has its own first option. */
function OptionInks() {
  return (
    <>
      {studioInkOptions.map((ink) => (
        <option key={ink.id} value={ink.id}>
          {ink.name}
        </option>
      ))}
    </>
  );
}

/** The selected layer's own settings, and its turn. */
export function LayerEditor({
  layer,
  missing,
  embroidery,
  onChange,
}: {
  layer: DesignLayer;
  missing: string[];
  embroidery: boolean;
  onChange: LayerChange;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {layer.kind === 'text' ? (
        <TextFields layer={layer} missing={missing} embroidery={embroidery} onChange={onChange} />
      ) : null}
      {layer.kind === 'motif' ? (
        <>
          <InkSelect
            label="Ink"
            value={layer.inkId}
            onValue={(inkId) => onChange({ ...layer, inkId }, `Ink ${inkName(inkId)}`, 'ink')}
          />
          <InchesField
            label="Width"
            value={layer.widthInches}
            onValue={(widthInches) => onChange({ ...layer, widthInches }, `${widthInches} in wide`, 'size')}
          />
        </>
      ) : null}
      {layer.kind === 'upload' ? (
        <InchesField
          label="Width"
          value={layer.widthInches}
          onValue={(widthInches) =>
            onChange(
              {
                ...layer,
                widthInches,
                // The picture keeps its proportions: its height follows the width.
                ...(layer.heightInches
                  ? { heightInches: Math.round(((layer.heightInches * widthInches) / layer.widthInches) * 100) / 100 }
                  : {}),
              },
              `${widthInches} in wide`,
              'size',
            )
          }
        />
      ) : null}
      <NumberField
        label="Rotation"
        unit="degrees, clockwise"
        value={layer.rotation}
        min={-360}
        max={360}
        step={5}
        onValue={(rotation) => onChange({ ...layer, rotation }, `Turned ${rotation}°`, 'rotation')}
      />
    </div>
  );
}
