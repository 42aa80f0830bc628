/**
 * Where a newest-first list is paged to: a stack of keyset positions (the key of the last row of
 * the page before), so "Newer" goes back the way "Older" came. The first page starts at null.
 */
export class KeysetPages<K extends string | number> {
  starts = $state<(K | null)[]>([null]);

  /** The position the shown page starts after; null for the first page. */
  get before(): K | null {
    return this.starts.at(-1) ?? null;
  }

  /** 1 for the newest page. */
  get number(): number {
    return this.starts.length;
  }

  older(next: K): void {
    this.starts = [...this.starts, next];
  }

  newer(): void {
    if (this.starts.length > 1) this.starts = this.starts.slice(0, -1);
  }

  /** Back to the first page (a filter changed). */
  reset(): void {
    this.starts = [null];
  }
}
