import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';
import { staticMediaQueryList } from './media-query';

// Screens and some sections are lazy: the first render of a file compiles and loads the whole
// feature, and on a fresh clone (ts-jest's cache cold) on a busy two-core machine two lazy steps in a
// row took over 5 s (the home page, then its market section). The bound only limits a failing wait;
// a passing one returns as soon as the element is there.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs; the router, Radix and scrolling to the top expect them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => staticMediaQueryList(query),
});

window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => {};

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});
