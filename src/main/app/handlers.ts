import { APP_VERSION } from '../kernel/api';
import type { NoticeBoard } from '../kernel/notice-board';
import type { DeclaredChannels } from '../journal';

export interface AppDeps {
  /** Whether the desk runs on the demo's own service, for the banner the window shows. */
  demo: () => boolean;
  notices: NoticeBoard;
}

/** What the window shows of the desk itself: its version, demo mode, the notices it holds for the worker. */
export function appChannels({ demo, notices }: AppDeps): DeclaredChannels<'app.info'> {
  return {
    'app.info': { handle: () => ({ version: APP_VERSION, demo: demo(), notices: notices.list() }) },
  };
}
