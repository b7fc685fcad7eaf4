// Vite's `?worker` imports under Jest: jsdom has no Worker, so the code that would construct one
// takes its main-thread path and this constructor is never called.
export default class NoWorker {
  constructor() {
    throw new Error('jsdom has no Worker');
  }
}
