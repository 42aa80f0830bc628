import { afterEach, describe, expect, it } from 'vitest';
import { KeysInTransit } from '../../../src/renderer/src/shell/keys-in-transit';

/** Keys typed on the page while a screen switch moves the focus, as KeyboardEvents in Chromium. */
const press = (target: EventTarget, key: string, swallowedBefore = false): KeyboardEvent => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  if (swallowedBefore) event.preventDefault();
  target.dispatchEvent(event);
  return event;
};

describe('keys in transit between screens', () => {
  const field = document.createElement('input');
  let transit: KeysInTransit;
  const listen = (at: number) => {
    const on = (e: Event): void => transit.onKeydown(e as KeyboardEvent, at);
    document.body.addEventListener('keydown', on);
    return () => document.body.removeEventListener('keydown', on);
  };
  afterEach(() => {
    field.remove();
    field.value = '';
  });

  it('types what a person typed before the field had the focus into it, in order, ahead of what follows', () => {
    transit = new KeysInTransit();
    document.body.append(field);
    transit.start(1_000);
    const stop = listen(1_050);
    for (const key of 'ORD') expect(press(document.body, key).defaultPrevented).toBe(true);
    press(document.body, 'Shift');
    stop();
    field.focus();
    transit.land(field, 1_100);
    expect(field.value).toBe('ORD');
    expect(field.selectionStart).toBe(3);
  });

  it('drops what it kept when the scanner detector swallowed a key meanwhile: those keys were a scan', () => {
    transit = new KeysInTransit();
    document.body.append(field);
    transit.start(1_000);
    const stop = listen(1_010);
    press(document.body, '4');
    press(document.body, '0', true);
    stop();
    transit.land(field, 1_100);
    expect(field.value).toBe('');
  });

  it('keeps nothing once the switch is long over, nor keys that reach a field themselves', () => {
    transit = new KeysInTransit();
    document.body.append(field);
    transit.start(1_000);
    let stop = listen(4_000);
    expect(press(document.body, 'A').defaultPrevented).toBe(false);
    stop();
    transit.start(5_000);
    stop = listen(5_010);
    const other = document.createElement('input');
    document.body.append(other);
    expect(press(other, 'B').defaultPrevented).toBe(false);
    other.remove();
    stop();
    transit.land(field, 5_100);
    expect(field.value).toBe('');
  });
});
