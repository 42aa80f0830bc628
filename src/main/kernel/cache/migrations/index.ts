import { MIGRATIONS } from './all.gen';

export type { Migration } from './types';
/** Every migration, in order. A new one is a new numbered file (then `npm run gen:migrations`), never an edit of an old one's `up`. */
export { MIGRATIONS };

export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
