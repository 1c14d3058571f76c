// @vitest-environment happy-dom

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import type { BoardCard, BoardDay, BoardView } from '#shared/production/board-view.ts';
import { enableBoardDrag } from './board-drag.ts';
import { BoardPage } from './board-page.tsx';

const options: DeskRenderOptions = {
  csrfToken: 'token',
  timeZone: 'America/Chicago',
  stylesheets: [],
  boardScript: '/assets/entry-desk-board.js',
  shopName: 'Seenwear',
};

const card = (reference: string, pressDate: string): BoardCard => ({
  reference,
  name: 'Dana Whitfield',
  company: '',
  status: 'proof_approved',
  service: 'screen-printing',
  pieces: 24,
  pressDate,
  inHands: null,
});

const day = (date: string, cards: BoardCard[] = []): BoardDay => ({
  date,
  load: [
    {
      service: 'screen-printing',
      serviceName: 'Screen printing',
      planned: cards.length * 24,
      capacity: 600,
    },
  ],
  cards,
});

/** The board as the server renders it, in this page's document. */
function showBoard(by: BoardView['by']) {
  const view: BoardView = {
    page: 'board',
    staff: 'owner@seenwear.example',
    today: '2026-11-30',
    by,
    days: [day('2026-11-30', [card('Q-2026-000001', '2026-11-30')]), day('2026-12-01'), day('2026-12-02')],
    unscheduled: [],
    overdue: [],
    later: 0,
    next: '/staff/board?from=2026-12-03',
  };
  const html = renderToStaticMarkup(createElement(BoardPage, { view, options }));
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  const script = /<script src="([^"]+)" type="module"><\/script>/;
  // The page's own script tag, left out here: the test runs the code it loads itself.
  const scriptSrc = script.exec(body)?.[1];
  const page = document.createElement('div');
  page.innerHTML = body.replace(script, '');
  document.body.append(page);
  const sent: FormData[] = [];
  page.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.push(new FormData(event.target as HTMLFormElement));
  });
  return {
    sent,
    scriptSrc,
    card: document.querySelector<HTMLElement>('#order-Q-2026-000001') as HTMLElement,
    dayOf: (date: string) => document.querySelector<HTMLElement>(`section[data-day="${date}"]`) as HTMLElement,
  };
}

const fire = (target: HTMLElement, type: string) => {
  const event = new Event(type, { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

describe('the board’s drag and drop', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('sends a card dropped on another day as its own move form, with that day', () => {
    const { sent, card, dayOf } = showBoard('press');
    enableBoardDrag(document);
    expect(card.draggable).toBe(true);
    fire(card, 'dragstart');
    expect(card.style.opacity).toBe('0.5');
    // The day accepts the card, and shows it will.
    expect(fire(dayOf('2026-12-02'), 'dragover').defaultPrevented).toBe(true);
    expect(dayOf('2026-12-02').style.outline).not.toBe('');
    fire(dayOf('2026-12-02'), 'drop');
    expect(dayOf('2026-12-02').style.outline).toBe('');
    expect(sent.map((form) => Object.fromEntries(form))).toEqual([
      {
        _csrf: 'token',
        reference: 'Q-2026-000001',
        by: 'press',
        from: '2026-11-30',
        date: '2026-12-02',
      },
    ]);
    fire(card, 'dragend');
    expect(card.style.opacity).toBe('');
  });

  it('sends nothing for a card dropped on its own day, or for something else dragged over the board', () => {
    const { sent, card, dayOf } = showBoard('press');
    enableBoardDrag(document);
    // A file dragged in from the desktop is not a card: the day does not take it.
    expect(fire(dayOf('2026-12-01'), 'dragover').defaultPrevented).toBe(false);
    fire(card, 'dragstart');
    fire(dayOf('2026-11-30'), 'drop');
    expect(sent).toEqual([]);
    expect(card.querySelector<HTMLInputElement>('input[name="date"]')?.value).toBe('2026-11-30');
  });

  it('leaves the board placed by promised date as it is: a drop there would not name a press day', () => {
    const { sent, card, dayOf } = showBoard('promised');
    enableBoardDrag(document);
    fire(card, 'dragstart');
    expect(card.style.opacity).toBe('');
    expect(fire(dayOf('2026-12-02'), 'dragover').defaultPrevented).toBe(false);
    fire(dayOf('2026-12-02'), 'drop');
    expect(sent).toEqual([]);
  });

  it('is the script the board page loads, at the address the server gives for the build', () => {
    expect(showBoard('press').scriptSrc).toBe('/assets/entry-desk-board.js');
  });
});
