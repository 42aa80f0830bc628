import type { EventHub } from './ipc/event-hub';
import type { Notice } from '../../shared/ipc/records';

const KEPT = 50;

/** Things the worker should know that are not an answer to a call: pushed as `app.notice`, kept for `app.info`. */
export class NoticeBoard {
  readonly #notices: Notice[] = [];

  constructor(
    private readonly events: EventHub,
    private readonly now: () => Date = () => new Date(),
  ) {}

  add(level: Notice['level'], code: string, message: string, params?: Notice['params']): Notice {
    const notice: Notice = { level, code, message, ...(params ? { params } : {}), at: this.now().toISOString() };
    this.#notices.push(notice);
    if (this.#notices.length > KEPT) this.#notices.shift();
    this.events.emit('app.notice', notice);
    return notice;
  }

  list(): Notice[] {
    return this.#notices.map((n) => ({ ...n }));
  }
}
