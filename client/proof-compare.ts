/**
 * A slider over two proof versions, for a phone where side by side means one above the other: the
 * newest laid over the earlier one, a range input moving the divide (left of it the earlier version,
 * right of it the newest). It builds on the side-by-side comparison the server renders (which stays,
 * and is all there is without this script): a button switches between the two; phones start on the
 * slider. The range input is the browser's own, so the arrow keys, Home and End move it.
 */

/** Phones (below the comparison's two-column width, Tailwind's md): the slider first. */
const PHONE = '(max-width: 47.99rem)';

function image(src: string, alt: string): HTMLImageElement {
  const element = document.createElement('img');
  element.src = src;
  element.alt = alt;
  element.decoding = 'async';
  Object.assign(element.style, {
    position: 'absolute',
    inset: '0',
    width: '100%',
    height: '100%',
    objectFit: 'contain',
  });
  return element;
}

/** A small tag on the picture's corner saying which version that side is (the label says it to everyone). */
function tag(text: string, side: 'left' | 'right'): HTMLSpanElement {
  const element = document.createElement('span');
  element.textContent = text;
  element.setAttribute('aria-hidden', 'true');
  element.className = 'rounded bg-stone-900 px-1.5 py-0.5 text-xs font-semibold text-white';
  Object.assign(element.style, { position: 'absolute', top: '0.5rem', [side]: '0.5rem' });
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A version's pins, copied from its picture in the side-by-side view (the server drew them there, in the
 * picture's own pixels), into a layer over the slider's box. The picture there is fitted into the box
 * (object-fit: contain), so the layer keeps the same viewBox and fits it the same way ("meet"): each pin
 * stays on its fractions of the picture at every width, even when the two versions differ in shape. Out
 * of the side-by-side view's hiding, the pins are named for a screen reader ("v1, note 2: …").
 */
function pinLayer(source: SVGSVGElement | null, label: string): SVGSVGElement | undefined {
  const marks = source ? [...source.querySelectorAll<SVGGElement>('g[data-pin-mark]')] : [];
  if (!source || marks.length === 0) return undefined;
  const layer = document.createElementNS(SVG, 'svg');
  layer.setAttribute('viewBox', source.getAttribute('viewBox') ?? '0 0 1 1');
  layer.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  layer.setAttribute('overflow', 'visible');
  layer.setAttribute('role', 'group');
  layer.setAttribute('aria-label', `Notes pinned on ${label}`);
  layer.dataset.comparePins = label;
  Object.assign(layer.style, {
    position: 'absolute',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
  });
  for (const mark of marks) {
    const copy = mark.cloneNode(true) as SVGGElement;
    const name = mark.dataset.pinName ?? `Note ${mark.dataset.pinMark}`;
    copy.removeAttribute('data-pin-name');
    copy.setAttribute('role', 'img');
    copy.setAttribute('aria-label', `${label}, ${name.charAt(0).toLowerCase()}${name.slice(1)}`);
    layer.append(copy);
  }
  return layer;
}

function enableCompare(grid: HTMLElement, index: number): void {
  const { oldSrc, oldLabel, newSrc, newLabel, ratio } = grid.dataset;
  if (!oldSrc || !newSrc || !oldLabel || !newLabel) return;
  const slider = document.createElement('div');
  slider.dataset.compareSliderView = '';
  slider.className = 'mt-3';
  const box = document.createElement('div');
  Object.assign(box.style, {
    position: 'relative',
    width: '100%',
    aspectRatio: ratio ?? '1',
    maxHeight: '70vh',
    background: '#f5f5f4',
  });
  const older = image(oldSrc, oldLabel);
  const newer = image(newSrc, newLabel);
  const divide = document.createElement('div');
  divide.setAttribute('aria-hidden', 'true');
  Object.assign(divide.style, {
    position: 'absolute',
    top: '0',
    bottom: '0',
    width: '2px',
    background: '#be185d',
    pointerEvents: 'none',
  });
  // Each version's pins on its own side of the divide, over both pictures, in the list's numbers. The
  // figures are the side-by-side view's two: the earlier version, then the newest.
  const figures = grid.querySelectorAll(':scope > figure');
  const olderPins = pinLayer(figures[0]?.querySelector('svg[data-proof-svg]') ?? null, oldLabel);
  const newerPins = pinLayer(figures[1]?.querySelector('svg[data-proof-svg]') ?? null, newLabel);
  box.append(older, newer);
  for (const layer of [olderPins, newerPins]) if (layer) box.append(layer);
  box.append(divide, tag(oldLabel, 'left'), tag(newLabel, 'right'));

  const id = `compare-range-${index}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.className = 'mt-3 block text-sm font-semibold';
  label.textContent = `Slide to compare: ${oldLabel} on the left, ${newLabel} on the right`;
  const range = document.createElement('input');
  range.type = 'range';
  range.id = id;
  range.min = '0';
  range.max = '100';
  range.step = '1';
  range.value = '50';
  range.className = 'mt-1 block w-full min-h-11';
  const show = () => {
    const at = Number(range.value);
    newer.style.clipPath = `inset(0 0 0 ${at}%)`;
    if (newerPins) newerPins.style.clipPath = `inset(0 0 0 ${at}%)`;
    if (olderPins) olderPins.style.clipPath = `inset(0 ${100 - at}% 0 0)`;
    divide.style.left = `calc(${at}% - 1px)`;
    range.setAttribute('aria-valuetext', `${at}% ${oldLabel}, ${100 - at}% ${newLabel}`);
  };
  range.addEventListener('input', show);
  show();
  slider.append(box, label, range);

  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'mt-3 min-h-11 rounded border border-stone-400 bg-white px-3 py-2 text-sm font-semibold';
  toggle.dataset.compareToggle = '';
  const mode = (sliding: boolean) => {
    slider.hidden = !sliding;
    grid.hidden = sliding;
    toggle.textContent = sliding ? 'Show side by side' : 'Compare with a slider';
    toggle.setAttribute('aria-pressed', String(sliding));
  };
  toggle.addEventListener('click', () => mode(slider.hidden !== false));
  grid.before(toggle, slider);
  mode(window.matchMedia(PHONE).matches);
}

/** Every comparison of two pictures on the page. */
export function enableProofCompare(root: ParentNode): void {
  let index = 0;
  for (const grid of root.querySelectorAll<HTMLElement>('[data-compare-slider]')) {
    enableCompare(grid, index);
    index += 1;
  }
}
