import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

export interface ReactContainer {
  /** This test's element in the document. */
  readonly container: HTMLDivElement;
  /** Renders into the container from scratch, inside act(). */
  render(node: ReactNode): void;
  /** Hydrates the server HTML already in the container, inside act(). */
  hydrate(node: ReactNode): void;
}

/**
 * For component tests under happy-dom: a fresh element in the document for each test, and the React root
 * in it unmounted after, so no test sees another's DOM. Call once at the top of the test file.
 */
export function reactContainer(): ReactContainer {
  // Tells React that tests wrap updates in act(), so it warns about any that escape.
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  let element: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    element = document.createElement('div');
    document.body.append(element);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    element?.remove();
  });
  const current = () => {
    if (!element) throw new Error('The container exists only while a test runs.');
    return element;
  };
  return {
    get container() {
      return current();
    },
    render(node) {
      act(() => {
        root = createRoot(current());
        root.render(node);
      });
    },
    hydrate(node) {
      act(() => {
        root = hydrateRoot(current(), node);
      });
    },
  };
}
