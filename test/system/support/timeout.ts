/**
 * A system test walks whole flows across several started processes, which on a busy machine take
 * far longer than a unit test. The testTimeout of this project's config is a global option that a
 * run over every workspace (the root config) replaces with its own; set per file, it holds there too.
 */
jest.setTimeout(120_000);
