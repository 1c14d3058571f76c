import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { useBlankStock } from '#client/forms/quote-stock-line.tsx';
import {
  type GarmentColor,
  type GarmentSize,
  type GarmentType,
  garmentSizes,
  isDarkColor as isDark,
  type PrintAreaLimit,
} from '#shared/garments/catalogue.ts';
import { queryFromOptions } from '#shared/pricing/query.ts';
import {
  type DesignLayer,
  designSchemaFor,
  type StudioDesign,
  type UploadLayer,
} from '#shared/studio/design-schema.ts';
import { countInks } from '#shared/studio/ink-count.ts';
import type { Motif } from '#shared/studio/motifs.ts';
import { type SizePlan, sizePlan } from '#shared/studio/size-plan.ts';
import { textGeometry } from '#shared/studio/text-geometry.ts';
import { ARTWORK_MAX_FILE_BYTES, cleanFileName } from '#shared/submissions/artwork.ts';
import { artworkKindOf } from '#shared/submissions/artwork-content.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { placements, sizeField } from '#shared/submissions/quote-fields.ts';
import { AddPicture } from './add-picture.tsx';
import { AddText } from './add-text.tsx';
import { designExtent } from './design-extent.ts';
import { DESIGN_PARAM, designSummary, readHandedDesign, saveHandedDesign } from './design-handoff.ts';
import { type DesignState, type History, record, redo, select, startHistory, undo } from './design-history.ts';
import type { DeskEdit } from './desk-edit.ts';
import { type LayerAction, LayerActions } from './layer-actions.tsx';
import { LayerEditor } from './layer-editor.tsx';
import { fitToArea, measure } from './layer-fit.ts';
import { LayerList } from './layer-list.tsx';
import { inchesWord, layerLabel, layerShortName, moveWords } from './layer-words.ts';
import { MotifPicker } from './motif-picker.tsx';
import { askColours } from './picture-colours.ts';
import { keepPicture, pictureIdOf, pictureUrl } from './picture-handoff.ts';
import { type ColourQuestion, PictureQuestion } from './picture-question.tsx';
import type { Gesture } from './pointer-gestures.ts';
import { pricedCatalogue } from './priced-catalogue.ts';
import { SizePanel } from './size-panel.tsx';
import { loadedFont, loadFont } from './studio-fonts.ts';
import { type StudioStart, studioPath } from './studio-path.ts';
import { StudioPreview } from './studio-preview.tsx';
import { designOptions, StudioPrice } from './studio-price.tsx';

export interface StudioProps {
  start: StudioStart;
  garmentName: string;
  type: GarmentType;
  color: GarmentColor;
  area: PrintAreaLimit;
  /** The desk editing a request's design (desk-studio.tsx): its layers, and a save in place of the hand-over. */
  desk?: DeskEdit;
}

const DEFAULT_FONT = 'graduate';

/** What a pointer gesture says while it goes on, and once it ends. */
const gestureWords: Record<Gesture, { during: string; done: (layer: DesignLayer) => string }> = {
  move: {
    during: 'Moving',
    done: (layer) =>
      `Moved ${layerShortName(layer)} to ${layer.x} in from the left and ${layer.y} in from the top of the print area.`,
  },
  resize: {
    during: 'Resizing',
    done: (layer) =>
      layer.kind === 'text'
        ? `Resized ${layerShortName(layer)}: letters ${inchesWord(layer.sizeInches)} tall.`
        : `Resized ${layerShortName(layer)} to ${inchesWord(layer.widthInches)} wide.`,
  },
  rotate: { during: 'Turning', done: (layer) => `Turned ${layerShortName(layer)} to ${layer.rotation}°.` },
};

const round2 = (value: number) => Math.round(value * 100) / 100;
/** A picture starts this wide (a chest logo's usual size), or as wide as the area allows. */
const PICTURE_INCHES = 6;

/** Height over width of a picture as the browser draws it; 1 when it has no size of its own (some SVGs). */
function pictureAspect(url: string): Promise<number> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () =>
      resolve(image.naturalWidth > 0 && image.naturalHeight > 0 ? image.naturalHeight / image.naturalWidth : 1);
    image.onerror = () => resolve(1);
    image.src = url;
  });
}

/** A design handed to the quote form earlier on this very garment and place: "Edit it" opens it again. */
function handedLayers(start: StudioStart): DesignLayer[] {
  const handed = readHandedDesign();
  if (!handed) return [];
  try {
    const design = JSON.parse(handed.json) as StudioDesign;
    if (design.garmentId !== start.garment || design.colorName !== start.color) return [];
    return design.locations[start.location] ?? [];
  } catch {
    return [];
  }
}

/** The sizes most orders run in, for a start when the quote form sent none: the customer ticks the rest. */
const USUAL_SIZES: readonly GarmentSize[] = ['S', 'M', 'L', 'XL'];

/**
 * Whether a change of plan is worth saying: a proposal of two print sizes that appears, changes or goes.
 * One print growing with the design is already said by the change itself.
 */
function planNews(before: SizePlan | undefined, after: SizePlan | undefined): string {
  if (!after || after.sentence === before?.sentence) return '';
  if (after.kind === 'two') return `Two print sizes: ${after.sentence}`;
  return before?.kind === 'two' ? `One print size again: ${after.sentence}` : '';
}

/**
 * The studio: the layers of one print location, edited with undo and redo, drawn on the garment, counted in
 * inks and priced as it changes. Every change is said in a polite live region, so a screen reader hears
 * what a sighted customer sees move.
 */
export default function StudioEditor({ start, garmentName, type, color, area, desk }: StudioProps) {
  const site = useSiteData();
  const navigate = useNavigate();
  const [history, setHistory] = useState<History>(() =>
    startHistory({ layers: desk ? [...desk.layers] : handedLayers(start), selected: null, change: '' }),
  );
  const [said, setSaid] = useState('');
  /** Bumped when a font arrives, so the layers drawn in it are drawn. */
  const [, setFontsLoaded] = useState(0);
  const [focusLayer, setFocusLayer] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  /** Per picture, what is known of its colours: the server's reading, until the customer confirms a count. */
  const [questions, setQuestions] = useState<Record<string, ColourQuestion>>({});
  const offered = useMemo(
    () => pricedCatalogue(site).find((garment) => garment.id === start.garment)?.sizes ?? [],
    [site, start.garment],
  );
  const [sizes, setSizes] = useState<readonly GarmentSize[]>(() => {
    const from = start.sizes?.length ? start.sizes : USUAL_SIZES;
    const chosen = offered.filter((size) => from.includes(size));
    return chosen.length > 0 ? chosen : offered;
  });
  // The sizes ticked, asked one piece each: the studio knows the total, not the count per size, so the
  // supplier's answer is read as in stock / not in stock only.
  const stockAsked = useMemo(() => Object.fromEntries(sizes.map((size) => [sizeField(size), '1'])), [sizes]);
  const stock = useBlankStock(start.garment, start.color, stockAsked);
  const root = useRef<HTMLDivElement>(null);
  const { layers, selected } = history.present;
  const current = selected === null ? undefined : layers[selected];

  // The fonts of a design reopened from the quote form load before its texts can be drawn.
  useEffect(() => {
    const ids = new Set(layers.flatMap((layer) => (layer.kind === 'text' ? [layer.fontId] : [])));
    for (const id of ids)
      if (!loadedFont(id))
        loadFont(id).then(
          () => setFontsLoaded((count) => count + 1),
          () => setProblem(`The font ${id} did not load: check your connection and try again.`),
        );
  }, [layers]);

  useEffect(() => {
    if (focusLayer === null) return;
    root.current?.querySelector<HTMLElement>(`[data-layer-index="${focusLayer}"]`)?.focus();
    setFocusLayer(null);
  }, [focusLayer]);

  const design: StudioDesign = useMemo(
    () => ({
      garmentId: start.garment,
      colorName: start.color,
      method: start.method,
      locations: layers.length > 0 ? { [start.location]: layers } : {},
    }),
    [start, layers],
  );

  /** The print sizes these layers take on the sizes ticked; undefined with no layers or no size. */
  function planOf(list: readonly DesignLayer[], ordered: readonly GarmentSize[] = sizes): SizePlan | undefined {
    if (list.length === 0) return undefined;
    return sizePlan(
      { placement: start.location, ...designExtent(list) },
      { printAreas: [area], sizes: offered },
      ordered,
    );
  }

  /** Says a change, and after it the size plan when the change brought a new proposal. */
  function say(words: string, after: readonly DesignLayer[]) {
    setSaid([words, planNews(planOf(layers), planOf(after))].filter(Boolean).join(' '));
  }

  function toggleSize(size: GarmentSize, on: boolean) {
    const next = garmentSizes.filter((candidate) => (candidate === size ? on : sizes.includes(candidate)));
    setSizes(next);
    const plan = planOf(layers, next);
    const news = planNews(planOf(layers), plan);
    setSaid(
      [`${on ? 'Added' : 'Removed'} size ${size}.`, news || (plan ? plan.sentence : '')].filter(Boolean).join(' '),
    );
  }

  function commit(state: Omit<DesignState, 'change'>, words: string, group: string | null = null) {
    setHistory((before) => record(before, { ...state, change: words }, group));
    say(words, state.layers);
  }

  /** Puts a layer at an index (appending when it is the length), fitted to the area, and says so. */
  function place(index: number, layer: DesignLayer, words: (fitted: DesignLayer) => string, group: string | null) {
    const { layer: fitted, note } = fitToArea(layer, area);
    const next = [...layers];
    next[index] = fitted;
    commit({ layers: next, selected: index }, [words(fitted), note].filter(Boolean).join(' '), group);
  }

  /**
   * Where a new layer's centre goes: a third of the way down for the first (where a name sits on a chest), then under the lowest layer so
   * far, so a name, a number and a motif added in turn stack like a jersey instead of covering each other.
   */
  function nextY(height: number): number {
    const bottoms = layers.map((layer) => layer.y + (measure(layer)?.height ?? 0) / 2);
    if (bottoms.length === 0) return round2(area.heightInches / 3);
    return round2(Math.min(Math.max(...bottoms) + 0.5 + height / 2, area.heightInches - height / 2));
  }

  async function addText(text: string) {
    try {
      await loadFont(DEFAULT_FONT);
    } catch {
      setProblem('The lettering did not load: check your connection and try again.');
      return;
    }
    const layer: DesignLayer = {
      kind: 'text',
      text,
      fontId: DEFAULT_FONT,
      inkId: isDark(color.hex) ? 'white' : 'black',
      sizeInches: Math.min(2, area.heightInches),
      letterSpacing: 0,
      outline: null,
      arc: null,
      x: round2(area.widthInches / 2),
      y: 0,
      rotation: 0,
    };
    place(
      layers.length,
      { ...layer, y: nextY(measure(layer)?.height ?? 0) },
      (fitted) => `Added ${layerShortName(fitted)}.`,
      null,
    );
    setFocusLayer(layers.length);
  }

  function addMotif(motif: Motif) {
    const width = Math.min(4, area.widthInches, area.heightInches);
    const layer: DesignLayer = {
      kind: 'motif',
      motifId: motif.id,
      inkId: isDark(color.hex) ? 'white' : 'black',
      widthInches: width,
      x: round2(area.widthInches / 2),
      y: nextY(width),
      rotation: 0,
    };
    place(layers.length, layer, (fitted) => `Added ${layerShortName(fitted)}.`, null);
    setFocusLayer(layers.length);
  }

  const garmentServices = pricedCatalogue(site).find((garment) => garment.id === start.garment)?.services ?? [];
  const canSwitchToDtg = start.method !== 'direct-to-garment' && garmentServices.includes('direct-to-garment');

  /** The server reads a raster picture's colours; the customer is then asked to confirm them. */
  function readColours(uploadId: string, file: File) {
    setQuestions((before) => ({ ...before, [uploadId]: { kind: 'asking' } }));
    askColours(file).then(
      (answer) => {
        setQuestions((before) => ({ ...before, [uploadId]: { kind: 'answered', ...answer } }));
        setSaid(
          answer.soft && canSwitchToDtg
            ? `${answer.sentence} You can switch to direct to garment under the picture’s settings.`
            : answer.sentence,
        );
      },
      (error: Error) => {
        setQuestions((before) => ({ ...before, [uploadId]: { kind: 'unknown', reason: error.message } }));
        setSaid(error.message);
      },
    );
  }

  async function addPicture(file: File) {
    setProblem('');
    if (file.size > ARTWORK_MAX_FILE_BYTES) {
      setProblem(
        `${cleanFileName(file.name)} is ${formatBytes(file.size)}; a picture may be at most ${formatBytes(ARTWORK_MAX_FILE_BYTES)}.`,
      );
      return;
    }
    // Judged by its bytes, as the server will judge the file the quote form sends.
    const kind = artworkKindOf(new Uint8Array(await file.arrayBuffer()));
    if (kind !== 'image/png' && kind !== 'image/jpeg' && kind !== 'image/svg+xml') {
      setProblem(
        `${cleanFileName(file.name)} is not a PNG, JPEG or SVG picture. A PDF, AI or EPS file can go with the quote form as artwork; the shop places it.`,
      );
      return;
    }
    const uploadId = await pictureIdOf(file);
    await keepPicture(uploadId, file);
    const aspect = await pictureAspect(pictureUrl(uploadId) ?? '');
    const width = round2(Math.min(PICTURE_INCHES, area.widthInches, area.heightInches / aspect));
    const height = round2(width * aspect);
    const layer: UploadLayer = {
      kind: 'upload',
      uploadId,
      name: Array.from(cleanFileName(file.name)).slice(-60).join(''),
      widthInches: width,
      heightInches: height,
      x: round2(area.widthInches / 2),
      y: nextY(height),
      rotation: 0,
    };
    place(layers.length, layer, (fitted) => `Added ${layerShortName(fitted)}.`, null);
    setFocusLayer(layers.length);
    if (kind === 'image/svg+xml')
      setQuestions((before) => ({
        ...before,
        [uploadId]: { kind: 'unknown', reason: 'We cannot count a drawing’s colours here: how many does it have?' },
      }));
    else readColours(uploadId, file);
  }

  function switchToDtg() {
    navigate(studioPath({ ...start, method: 'direct-to-garment', sizes }), { replace: true });
    setSaid('Switched to direct to garment: every shade prints, priced by the print’s size.');
  }

  function change(next: DesignLayer, words: string, group: string) {
    if (selected === null) return;
    const index = selected;
    const apply = () => place(index, next, (fitted) => `${words}, ${layerShortName(fitted)}.`, `${group}-${index}`);
    if (next.kind === 'text' && !loadedFont(next.fontId))
      loadFont(next.fontId).then(apply, () =>
        setProblem('That font did not load: check your connection and try again.'),
      );
    else apply();
  }

  function move(index: number, dx: number, dy: number) {
    const layer = layers[index];
    if (!layer) return;
    const moved = { ...layer, x: round2(layer.x + dx), y: round2(layer.y + dy) };
    place(index, moved, (fitted) => `Moved ${layerShortName(fitted)} ${moveWords(dx, dy)}.`, null);
  }

  function drag(index: number, layer: DesignLayer, gesture: Gesture) {
    place(
      index,
      layer,
      (fitted) => `${gestureWords[gesture].during} ${layerShortName(fitted)}.`,
      `${gesture}-${index}`,
    );
  }

  function dragEnd(index: number, gesture: Gesture) {
    const layer = layers[index];
    if (layer) setSaid(gestureWords[gesture].done(layer));
    // A new gesture, even of the same layer, is its own undo step.
    setHistory((before) => ({ ...before, group: null }));
  }

  function actOn(action: LayerAction) {
    if (selected === null || !current) return;
    const name = layerShortName(current);
    if (action === 'centre') {
      place(
        selected,
        { ...current, x: round2(area.widthInches / 2) },
        () => `Centred ${name} across the print area.`,
        null,
      );
    } else if (action === 'forward' || action === 'backward') {
      const to = action === 'forward' ? selected + 1 : selected - 1;
      const other = layers[to];
      if (!other) {
        setSaid(`${capital(name)} is already the ${action === 'forward' ? 'top' : 'bottom'} layer.`);
        return;
      }
      const next = [...layers];
      next[to] = current;
      next[selected] = other;
      commit(
        { layers: next, selected: to },
        `${capital(name)} moved ${action === 'forward' ? 'up' : 'down'} to layer ${to + 1} of ${layers.length}.`,
      );
      setFocusLayer(to);
    } else if (action === 'duplicate') {
      const copy = { ...current, x: round2(current.x + 0.5), y: round2(current.y + 0.5) };
      place(layers.length, copy, (fitted) => `Duplicated ${layerShortName(fitted)}.`, null);
      setFocusLayer(layers.length);
    } else {
      const next = layers.filter((_, index) => index !== selected);
      commit({ layers: next, selected: null }, `Deleted ${name}.`);
    }
  }

  function step(direction: 'undo' | 'redo') {
    const moved = direction === 'undo' ? undo(history) : redo(history);
    if (moved === history) {
      setSaid(direction === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.');
      return;
    }
    setHistory(moved);
    const words = direction === 'undo' ? history.present.change : moved.present.change;
    say(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${words}`, moved.present.layers);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.ctrlKey || event.metaKey)) return;
    // In a field, Ctrl+Z is the field's own undo of what was typed (which the design then follows).
    const target = event.target as HTMLElement;
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
    const key = event.key.toLowerCase();
    if (key === 'z') step(event.shiftKey ? 'redo' : 'undo');
    else if (key === 'y') step('redo');
    else return;
    event.preventDefault();
  }

  const [counted] = countInks(design, isDark(color.hex));
  const placeName = placements[start.location] ?? start.location;
  const missing =
    current?.kind === 'text' && loadedFont(current.fontId)
      ? textGeometry(loadedFont(current.fontId) as NonNullable<ReturnType<typeof loadedFont>>, current).missing
      : [];

  function handDesign() {
    const checked = designSchemaFor(pricedCatalogue(site)).safeParse(design);
    if (!checked.success) {
      setProblem(`This design cannot be used yet: ${checked.error.issues.map((issue) => issue.message).join(' ')}`);
      return;
    }
    if (desk) return desk.save(checked.data);
    const inks = counted?.count ?? 0;
    saveHandedDesign({
      json: JSON.stringify(checked.data),
      summary: designSummary(inks, start.location),
      editPath: studioPath({ ...start, sizes }),
    });
    const options = designOptions(site, design, color, start.quantity, inks);
    const query = queryFromOptions(options);
    query.set('service', start.method);
    query.set('garment', start.garment);
    query.set(DESIGN_PARAM, '1');
    navigate(`/pricing?${query}`);
  }

  const description = `${garmentName} in ${start.color}, ${placeName.toLowerCase()} print area ${area.widthInches} × ${area.heightInches} in, with ${
    layers.length === 0
      ? 'no layers yet'
      : layers.map((layer) => layerLabel(layer, measure(layer)?.width ?? null)).join('; ')
  }`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts only listen; every one has a button too.
    <div ref={root} onKeyDown={onKeyDown} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_28rem] lg:items-start">
      <div className="grid gap-4 lg:sticky lg:top-24">
        <StudioPreview
          type={type}
          color={color}
          area={area}
          garmentName={garmentName}
          layers={layers}
          selected={selected}
          description={description}
          onSelect={(index) => setHistory((before) => select(before, index))}
          onDrag={drag}
          onDragEnd={dragEnd}
        />
        <div className="rounded-xl border border-stone-200 bg-white p-4">
          <StudioPrice design={design} color={color} quantity={start.quantity} />
        </div>
      </div>
      <div className="grid gap-6">
        <p
          role="status"
          aria-live="polite"
          data-testid="studio-said"
          className="min-h-6 text-sm text-stone-700 wrap-anywhere"
        >
          {said}
        </p>
        {problem ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 wrap-anywhere">
            {problem}
          </p>
        ) : null}
        <section aria-labelledby="studio-layers-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="studio-layers-heading" className="text-xl font-extrabold">
              Layers
            </h2>
            <div className="flex gap-2">
              <button type="button" onClick={() => step('undo')} aria-keyshortcuts="Control+Z" className={smallButton}>
                Undo
              </button>
              <button
                type="button"
                onClick={() => step('redo')}
                aria-keyshortcuts="Control+Shift+Z"
                className={smallButton}
              >
                Redo
              </button>
            </div>
          </div>
          <LayerList
            layers={layers}
            selected={selected}
            onSelect={(index) => setHistory((before) => select(before, index))}
            onMove={move}
          />
        </section>
        {current && selected !== null ? (
          <section
            aria-labelledby="studio-layer-heading"
            className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4"
          >
            <h2 id="studio-layer-heading" className="text-lg font-bold wrap-anywhere">
              Edit {layerShortName(current)}
            </h2>
            <LayerActions onAction={actOn} onMove={(dx, dy) => move(selected, dx, dy)} />
            <LayerEditor
              key={selected}
              layer={current}
              missing={missing}
              embroidery={start.method === 'embroidery'}
              onChange={change}
            />
            {current.kind === 'upload' ? (
              <PictureQuestion
                key={current.uploadId}
                layer={current}
                question={questions[current.uploadId]}
                onCount={(colours) =>
                  change(
                    { ...current, colours },
                    `Counted ${colours} ${colours === 1 ? 'colour' : 'colours'}`,
                    'colours',
                  )
                }
                onSwitchToDtg={canSwitchToDtg ? switchToDtg : undefined}
                fullColour={start.method === 'direct-to-garment'}
              />
            ) : null}
          </section>
        ) : null}
        <section
          aria-labelledby="studio-add-heading"
          className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4"
        >
          <h2 id="studio-add-heading" className="text-lg font-bold">
            Add a layer
          </h2>
          <AddText onAdd={addText} />
          <AddPicture onAdd={(file) => void addPicture(file)} />
          <MotifPicker onAdd={addMotif} />
        </section>
        {offered.length > 0 ? (
          <SizePanel
            offered={offered}
            sizes={sizes}
            onToggle={toggleSize}
            plan={planOf(layers)}
            hasLayers={layers.length > 0}
            stock={stock}
          />
        ) : null}
        <div className="grid gap-2">
          <button
            type="button"
            onClick={handDesign}
            disabled={layers.length === 0}
            className="min-h-12 rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-600"
          >
            {desk ? 'Save to the request' : 'Use this design'}
          </button>
          <p className="text-sm text-stone-600">
            {desk
              ? `Back to request ${desk.reference} on the desk.`
              : 'Back to your quote request, with this design attached.'}
          </p>
        </div>
      </div>
    </div>
  );
}

const smallButton =
  'min-h-11 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-100';

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
