import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

// Screens are lazy routes: the first render of a file compiles and loads the whole feature, which
// on a busy CI machine can outlast findBy's default second. The bound only limits a failing wait.
configure({ asyncUtilTimeout: 5000 });

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
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => {};

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});
