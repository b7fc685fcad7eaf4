module.exports = async function globalTeardown() {
  await globalThis.__PROBEDGE_STACK_STOP__?.();
};
