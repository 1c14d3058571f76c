/**
 * Pinning a note on a proof with a click, a tap or the keyboard, on the customer's page and the desk
 * (both markup the server renders without React; this is their one script, client/entry-proof-pins.ts).
 * It only fills in the note form's hidden point (fractions of the picture, 0–1) and shows where: the
 * post, its checks and its answer are the same as without it, when "where" says it in words.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** One arrow press moves the cross-hair this far (a fiftieth of the picture); with Shift, five times. */
const STEP = 0.02;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const percent = (value: number) => `${Math.round(value * 100)}%`;

function line(svg: SVGSVGElement, width: number, colour: string): SVGLineElement {
  const element = document.createElementNS(SVG_NS, 'line');
  element.setAttribute('stroke', colour);
  element.setAttribute('stroke-width', String(width));
  element.setAttribute('vector-effect', 'non-scaling-stroke');
  svg.append(element);
  return element;
}

/** The cross-hair: two lines through the point (dark under light, seen on any proof) and a ring on it. */
function crossHair(svg: SVGSVGElement) {
  const { width, height } = svg.viewBox.baseVal;
  const group = document.createElementNS(SVG_NS, 'g');
  group.setAttribute('pointer-events', 'none');
  group.setAttribute('aria-hidden', 'true');
  group.setAttribute('visibility', 'hidden');
  group.dataset.crossHair = '';
  svg.append(group);
  const parts = [line(svg, 4, '#111'), line(svg, 2, '#fff'), line(svg, 4, '#111'), line(svg, 2, '#fff')];
  for (const part of parts) group.append(part);
  const ring = document.createElementNS(SVG_NS, 'circle');
  ring.setAttribute('r', String(Math.max(width, height) * 0.035));
  ring.setAttribute('fill', 'none');
  ring.setAttribute('stroke', '#be185d');
  ring.setAttribute('stroke-width', '3');
  ring.setAttribute('vector-effect', 'non-scaling-stroke');
  group.append(ring);
  return (x: number, y: number) => {
    const px = x * width;
    const py = y * height;
    for (const [index, part] of parts.entries()) {
      const across = index < 2;
      part.setAttribute('x1', String(across ? 0 : px));
      part.setAttribute('x2', String(across ? width : px));
      part.setAttribute('y1', String(across ? py : 0));
      part.setAttribute('y2', String(across ? py : height));
    }
    ring.setAttribute('cx', String(px));
    ring.setAttribute('cy', String(py));
    group.setAttribute('visibility', 'visible');
  };
}

/** Where a click or tap fell, as fractions of the picture; undefined outside it. */
function pointOf(svg: SVGSVGElement, event: MouseEvent): { x: number; y: number } | undefined {
  const matrix = svg.getScreenCTM();
  if (!matrix) return undefined;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const { width, height } = svg.viewBox.baseVal;
  const x = point.x / width;
  const y = point.y / height;
  return x < 0 || x > 1 || y < 0 || y > 1 ? undefined : { x, y };
}

function enableArea(area: HTMLElement): void {
  const form = document.getElementById(area.dataset.pinForm ?? '');
  const svg = area.querySelector<SVGSVGElement>('svg[data-proof-svg]');
  const fieldX = form?.querySelector<HTMLInputElement>('input[data-pin-x]');
  const fieldY = form?.querySelector<HTMLInputElement>('input[data-pin-y]');
  if (!(form && svg && fieldX && fieldY)) return;
  const status = form.querySelector<HTMLElement>('[data-pin-status]');
  const help = form.querySelector<HTMLElement>('[data-pin-help]');
  const text = form.querySelector<HTMLTextAreaElement>('textarea[name="text"]');
  const show = crossHair(svg);
  let at = { x: 0.5, y: 0.5 };

  const instructions =
    'Click or tap the proof where the note goes; or focus it, move the cross-hair with the arrow keys and press Enter.';
  if (help) help.textContent = `${instructions} Or say where in words below.`;
  area.tabIndex = 0;
  area.setAttribute('role', 'application');
  area.setAttribute('aria-roledescription', 'proof to pin a note on');
  const name = area.querySelector('img')?.alt || area.querySelector('svg[role="img"]')?.getAttribute('aria-label');
  area.setAttribute('aria-label', `${name || 'The proof'}. ${instructions}`);
  area.classList.add('cursor-crosshair');

  const place = (point: { x: number; y: number }) => {
    at = point;
    show(point.x, point.y);
    fieldX.value = point.x.toFixed(4);
    fieldY.value = point.y.toFixed(4);
    if (status)
      status.textContent = `Point placed ${percent(point.x)} across and ${percent(point.y)} down: write your note below.`;
  };

  area.addEventListener('click', (event) => {
    const point = pointOf(svg, event);
    if (!point) return;
    place(point);
    text?.focus();
  });
  area.addEventListener('focus', () => show(at.x, at.y));
  area.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      at = { x: clamp(at.x + move[0]), y: clamp(at.y + move[1]) };
      show(at.x, at.y);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      place(at);
      text?.focus();
    }
  });
}

/** Every proof on the page that takes notes. */
export function enableProofPins(root: ParentNode): void {
  for (const area of root.querySelectorAll<HTMLElement>('[data-proof-area]')) enableArea(area);
}
