/** The folder that holds this repository. */
export const REPO: string;
/** A hash of the path and content of every file the build of `root` (the repository) reads. */
export function inputsHash(root?: string): string;
/** True when out/ holds the build of the sources as they are now. */
export function outIsCurrent(root?: string): boolean;
/** Notes in out/ that it is the build of the sources whose hash is `hash`. */
export function markBuilt(hash: string, root?: string): void;
/** Forgets the note: out/ counts as built from nothing until the next build notes it again. */
export function forgetBuilt(root?: string): void;
