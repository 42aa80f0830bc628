import { runDepth } from './run-depth';

/** This run's depth and seed, from TEST_DEPTH and TEST_SEED (see run-depth.ts). */
export const RUN = runDepth(process.env);
