/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { DeskApi } from '../../shared/ipc/desk-api';

declare global {
  interface Window {
    /** The typed bridge the preload (or the e2e harness) installs; the renderer's only way out. */
    readonly desk: DeskApi;
  }
}
