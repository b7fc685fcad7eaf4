// Property tests draw the same cases on every run (one fixed seed), so a run fails only for a change
// in the code, never for a new draw. `make explore` (FC_EXPLORE=1) draws new seeds instead; a case it
// finds that fails goes into the test as a fixed example (fast-check prints its seed and path).
const fc = require('fast-check');

if (process.env.FC_EXPLORE !== '1') {
  fc.configureGlobal({ seed: 20261129 });
}
