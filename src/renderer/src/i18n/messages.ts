/**
 * The catalogue's compiled messages (Paraglide: one typed function per key, in
 * src/renderer/src/i18n/messages/<locale>.json). Every user-visible word of the renderer comes
 * from here; importing through this module also installs the desk's locale state first.
 */
import './locale.svelte';
export { m } from './paraglide/messages.js';
