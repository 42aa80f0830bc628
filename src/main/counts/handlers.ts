import type { HandlerMap } from '../kernel/ipc/router';
import type { CountService } from './count-service';

export function countHandlers(
  counts: CountService,
): HandlerMap<'counts.start' | 'counts.current' | 'counts.scan' | 'counts.set' | 'counts.review' | 'counts.decide' | 'counts.submit' | 'counts.abandon'> {
  return {
    'counts.start': (input) => counts.start(input),
    'counts.current': () => counts.current(),
    'counts.scan': ({ code }) => counts.scan(code),
    'counts.set': ({ sku, counted }) => counts.set(sku, counted),
    'counts.review': () => counts.review(),
    'counts.decide': ({ sku, decision }) => counts.decide(sku, decision),
    'counts.submit': () => counts.submit(),
    'counts.abandon': () => counts.abandon(),
  };
}
