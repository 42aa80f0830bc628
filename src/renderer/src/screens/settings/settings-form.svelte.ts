import type { Settings } from '../../../../shared/ipc/records';
import { settings } from '../../state/settings.svelte';

/** A whole number typed in a settings box, or null when it is not one or lies outside min..max. */
export function wholeNumberIn(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/**
 * A form's editable copy of saved settings. The first answer of settings.get may arrive after the
 * screen opened: the copy is then taken again, once, so the boxes do not keep the defaults.
 * Call while a component is being set up (it starts an effect).
 */
export function draftOfSettings<T>(of: (s: Settings) => T): { value: T } {
  const draft = $state({ value: of(settings.value) });
  let loaded = settings.loaded;
  $effect(() => {
    if (settings.loaded && !loaded) {
      draft.value = of(settings.value);
      loaded = true;
    }
  });
  return draft;
}
