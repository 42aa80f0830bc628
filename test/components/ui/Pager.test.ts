import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { KeysetPages } from '../../../src/renderer/src/ui/keyset-pages.svelte';
import Pager from '../../../src/renderer/src/ui/Pager.svelte';
import '../../../src/renderer/src/styles/base.css';

describe('Pager', () => {
  it('is not shown for a single page', async () => {
    render(Pager, { pages: new KeysetPages<string>(), next: null });
    expect(page.getByRole('button', { name: 'Older' }).query()).toBeNull();
  });

  it('goes older by the position the list gave, newer back the same way, and a reset starts over', async () => {
    const pages = new KeysetPages<number>();
    render(Pager, { pages, next: 40 });
    const newer = page.getByRole('button', { name: 'Newer' });
    await expect.element(newer).toBeDisabled();
    await expect.element(page.getByText('Page 1')).toBeVisible();
    await page.getByRole('button', { name: 'Older' }).click();
    expect(pages.starts).toEqual([null, 40]);
    expect(pages.before).toBe(40);
    await expect.element(page.getByText('Page 2')).toBeVisible();
    await newer.click();
    expect(pages.before).toBeNull();
    await expect.element(page.getByText('Page 1')).toBeVisible();
    pages.older(40);
    pages.reset();
    expect(pages.starts).toEqual([null]);
  });

  it('on the oldest page Older is off and Newer still goes back', async () => {
    const pages = new KeysetPages<string>();
    pages.older('ob-9');
    render(Pager, { pages, next: null });
    await expect.element(page.getByRole('button', { name: 'Older' })).toBeDisabled();
    await page.getByRole('button', { name: 'Newer' }).click();
    expect(pages.starts).toEqual([null]);
  });
});
