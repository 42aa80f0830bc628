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
      return p['movedTo'] === undefined ? n.message : cacheRebuiltText(p, text);
    default:
      return n.message;
  }
}

/** What the rebuild kept, then what needs the worker: each sentence only where main's params say it is so. */
function cacheRebuiltText(p: NonNullable<Notice['params']>, text: (key: string) => string): string {
  const count = (key: string): number => Number(p[key] ?? 0);
  const base =
    p['problem'] === undefined ? m.notice_cache_rebuilt({ count: count('waiting'), movedTo: text('movedTo') }) : m.notice_cache_rebuilt_lost({ movedTo: text('movedTo') });
  const parts: string[] = [base];
  if (count('moves') > 0) parts.push(m.notice_cache_rebuilt_moves({ count: count('moves') }));
  if (count('countKept') > 0) parts.push(m.notice_cache_rebuilt_count_kept());
  if (count('countReview') > 0) parts.push(m.notice_cache_rebuilt_count_review({ count: count('countReview') }));
  if (count('countLost') > 0) parts.push(m.notice_cache_rebuilt_count_lost());
  if (count('attention') > 0) parts.push(m.notice_cache_rebuilt_attention({ count: count('attention'), skus: text('attentionSkus') }));
  if (count('settled') > 0) parts.push(m.notice_cache_rebuilt_settled({ count: count('settled') }));
  return parts.join(' ');
}
