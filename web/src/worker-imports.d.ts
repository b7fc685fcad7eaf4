// Vite bundles a module imported with `?worker` as a worker of its own; the import is its constructor.
declare module '*?worker' {
  const WorkerConstructor: new (options?: { name?: string }) => Worker;
  export default WorkerConstructor;
}
