import type { Notice } from '../../../shared/ipc/records';
import { m } from '../i18n/messages';

/**
 * A notice in the desk's language: main's notices by their code and params (main's own English
 * message is for logs and support), the renderer's own as they were written (already from the
 * catalogue). A code this version does not know keeps main's text rather than losing it.
 */
export function noticeText(n: Pick<Notice, 'code' | 'message' | 'params'>): string {
  const p = n.params ?? {};
  const text = (key: string): string => String(p[key] ?? '');
  switch (n.code) {
    case 'account_insecure_url':
      return p['url'] === undefined ? n.message : m.notice_account_insecure_url({ url: text('url') });
    case 'demo_unavailable':
      return m.notice_demo_unavailable();
    case 'keychain_unavailable':
      return p['client'] === undefined ? n.message : m.notice_keychain_forget_failed({ client: text('client') });
    case 'settings_reset':
      return p['movedTo'] === undefined ? n.message : m.notice_settings_reset({ movedTo: text('movedTo') });
    case 'cache_rebuilt':
      if (p['movedTo'] === undefined) return n.message;
      return p['problem'] === undefined
        ? m.notice_cache_rebuilt({ count: Number(p['waiting'] ?? 0), movedTo: text('movedTo') })
        : m.notice_cache_rebuilt_lost({ movedTo: text('movedTo') });
    default:
      return n.message;
  }
}
