import { runDepth } from '../../support/run-depth';

/** This run's depth and seed, passed in by vitest.config.ts as VITE_TEST_DEPTH and VITE_TEST_SEED (see test/support/run-depth.ts). */
export const RUN = runDepth(import.meta.env, 'VITE_');
