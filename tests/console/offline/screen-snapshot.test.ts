import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, saveToken } from '../../../src/console/session/cookie';
import {
  captureScreenSnapshot,
  forgetScreenSnapshot,
  keepScreenSnapshots,
  SCREEN_SNAPSHOT_STORAGE_KEY,
  SNAPSHOT_MAX_CHARS,
  SNAPSHOT_SETTLE_MS,
  type ScreenSnapshot,
} from '../../../src/console/offline/screenSnapshot';
import { afterSnapshotPainted } from '../../../src/console/offline/snapshotPaint';

/**
 * The copy of the last screen: taken by the app (screenSnapshot.ts), painted again by the inline
 * script of index.html on the next load. The script is run here as the browser runs it.
 */

const token = (sub: number, exp = Math.floor(Date.now() / 1000) + 600) => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(sub), exp })}.signature`;
};

/** The inline script of index.html that paints the copy (the one placed after #root). */
const paintScript = (() => {
  const html = readFileSync(resolve(__dirname, '../../../index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const script = scripts.find((s) => s.includes('panel-console-screen-snapshot'));
  if (!script) throw new Error('index.html has no screen-snapshot script');
  return script;
})();

function freshPage(): HTMLElement {
  document.body.innerHTML = '<div id="root"></div>';
  return document.getElementById('root')!;
}

function loadPage(address: string): HTMLElement {
  window.history.replaceState(null, '', address);
  const root = freshPage();
  // The page's own inline script, as the browser runs it
  new Function(paintScript)();
  return root;
}

const APP = '<main><div role="grid"><table><tbody><tr id="users-row-5"><td>bob@example.com</td></tr></tbody></table></div></main>';

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/users?status=frozen');
});
afterEach(() => {
  clearToken();
  document.body.innerHTML = '';
});

describe('the copy of the last screen', () => {
  it('is taken for the signed-in member and painted again, inert, on the next load of the same address', () => {
    saveToken(token(7));
    freshPage().innerHTML = APP;
    captureScreenSnapshot();
    const saved = JSON.parse(localStorage.getItem(SCREEN_SNAPSHOT_STORAGE_KEY)!) as ScreenSnapshot;
    expect(saved).toMatchObject({ owner: 'sub:7', address: '/users?status=frozen' });

    const root = loadPage('/users?status=frozen');
    const holder = root.querySelector('[data-screen-snapshot]');
    expect(holder?.hasAttribute('inert')).toBe(true);
    expect(holder?.getAttribute('aria-busy')).toBe('true');
    expect(holder?.querySelector('#users-row-5')?.textContent).toBe('bob@example.com');
  });

  it('leaves out the table rows below the window (the app replaces the copy before anyone scrolls)', () => {
    saveToken(token(7));
    const root = freshPage();
    root.innerHTML = `<main><div role="grid"><table><tbody>${[1, 2, 3, 4].map((id) => `<tr id="users-row-${id}"><td>user${id}</td></tr>`).join('')}</tbody></table></div></main>`;
    const rowHeight = window.innerHeight / 2.5;
    root.querySelectorAll('tr').forEach((row, index) => {
      row.getBoundingClientRect = () => ({ top: index * rowHeight, bottom: (index + 1) * rowHeight }) as DOMRect;
    });
    captureScreenSnapshot();
    const painted = loadPage('/users?status=frozen').querySelector('[data-screen-snapshot]');
    expect(Array.from(painted?.querySelectorAll('tr') ?? []).map((row) => row.id)).toEqual(['users-row-1', 'users-row-2', 'users-row-3']);
    // The live screen keeps every row.
    expect(root.querySelectorAll('tr')).toHaveLength(4);
  });

  it('is not painted for another address, another member, an expired token or after logout', () => {
    saveToken(token(7));
    freshPage().innerHTML = APP;
    captureScreenSnapshot();

    expect(loadPage('/users').querySelector('[data-screen-snapshot]')).toBeNull();
    saveToken(token(8));
    expect(loadPage('/users?status=frozen').querySelector('[data-screen-snapshot]')).toBeNull();
    saveToken(token(7, Math.floor(Date.now() / 1000) - 5));
    expect(loadPage('/users?status=frozen').querySelector('[data-screen-snapshot]')).toBeNull();
    saveToken(token(7));
    expect(loadPage('/users?status=frozen').querySelector('[data-screen-snapshot]')).not.toBeNull();
    forgetScreenSnapshot();
    expect(loadPage('/users?status=frozen').querySelector('[data-screen-snapshot]')).toBeNull();
  });

  it('is not taken when signed out, from the login screen, from a copy, or when too big', () => {
    freshPage().innerHTML = APP;
    captureScreenSnapshot();
    expect(localStorage.getItem(SCREEN_SNAPSHOT_STORAGE_KEY)).toBeNull();

    saveToken(token(7));
    freshPage().innerHTML = '<form><input aria-label="Email"></form>';
    captureScreenSnapshot();
    expect(localStorage.getItem(SCREEN_SNAPSHOT_STORAGE_KEY)).toBeNull();

    freshPage().innerHTML = `<div data-screen-snapshot>${APP}</div>`;
    captureScreenSnapshot();
    expect(localStorage.getItem(SCREEN_SNAPSHOT_STORAGE_KEY)).toBeNull();

    freshPage().innerHTML = `<main>${'x'.repeat(SNAPSHOT_MAX_CHARS)}</main>`;
    captureScreenSnapshot();
    expect(localStorage.getItem(SCREEN_SNAPSHOT_STORAGE_KEY)).toBeNull();
  });

  it('is taken once the screen has settled, so leaving the page has nothing left to copy unless the screen changed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    const stored = () => localStorage.getItem(SCREEN_SNAPSHOT_STORAGE_KEY);
    try {
      saveToken(token(7));
      const root = freshPage();
      const stop = keepScreenSnapshots(root);
      root.innerHTML = APP;
      await vi.advanceTimersByTimeAsync(SNAPSHOT_SETTLE_MS - 100);
      expect(stored()).toBeNull();
      // Changes keep it waiting; quiet takes it.
      root.querySelector('td')!.textContent = 'carol@example.com';
      await vi.advanceTimersByTimeAsync(SNAPSHOT_SETTLE_MS - 100);
      expect(stored()).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect((JSON.parse(stored()!) as ScreenSnapshot).html).toContain('carol@example.com');

      // Nothing changed since: leaving copies nothing (the stored copy is not written again).
      localStorage.removeItem(SCREEN_SNAPSHOT_STORAGE_KEY);
      window.dispatchEvent(new Event('pagehide'));
      expect(stored()).toBeNull();

      // A change not yet settled is copied on leaving.
      root.querySelector('td')!.textContent = 'dave@example.com';
      await vi.advanceTimersByTimeAsync(0);
      window.dispatchEvent(new Event('pagehide'));
      expect((JSON.parse(stored()!) as ScreenSnapshot).html).toContain('dave@example.com');
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the entry's wait for the copy to be painted", () => {
  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    return () => done;
  };

  it('waits for the next frame when index.html painted a copy, then lets the app start', async () => {
    saveToken(token(7));
    captureScreenSnapshot(Object.assign(freshPage(), { innerHTML: APP }));
    loadPage('/users?status=frozen');
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      const isDone = settled(afterSnapshotPainted(document, 10_000));
      await new Promise((r) => setTimeout(r, 20));
      expect(isDone()).toBe(false);
      // The frame that paints the copy runs; the app starts after it.
      frames.shift()!(performance.now());
      await expect.poll(isDone).toBe(true);
    } finally {
      raf.mockRestore();
    }
  });

  it('does not wait when there is no copy, or the page is hidden, and never longer than its bound', async () => {
    freshPage();
    await afterSnapshotPainted(document, 60_000);

    saveToken(token(7));
    captureScreenSnapshot(Object.assign(freshPage(), { innerHTML: APP }));
    loadPage('/users?status=frozen');
    expect(document.querySelector('[data-screen-snapshot]')).not.toBeNull();
    // No frame ever comes (a background tab): the bound lets the app start anyway.
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      await afterSnapshotPainted(document, 60_000);
      hidden.mockRestore();
      const isDone = settled(afterSnapshotPainted(document, 50));
      expect(isDone()).toBe(false);
      await expect.poll(isDone).toBe(true);
    } finally {
      raf.mockRestore();
      hidden.mockRestore();
    }
  });
});
