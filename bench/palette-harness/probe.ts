/**
 * Times each keystroke in the page, from the first script that sees it to the moment its result
 * is committed by React and laid out by the browser.
 *
 * - Start: a capturing `keydown` listener on window, the first script the keystroke runs
 *   (performance.now()).
 * - The keystroke's text arrives with the `input` event of the same key press. React handles it
 *   in its listener on the root (the palette's modal is a portal, which React listens on too): a
 *   discrete event, so React renders and commits synchronously before its listener returns,
 *   flushing the effects of that commit (cmdk keeping its selection, the palette picking its first
 *   item) and the renders they cause as well.
 * - End: a bubbling `input` listener on window runs after React's listener. There `committed` is
 *   taken, then reading the list's geometry forces the style recalculation and layout of the new
 *   DOM, and `laidOut` is taken. total = laidOut - start: filtering + React render + DOM commit +
 *   style and layout, with no waiting in it.
 * - Then the page waits for the next frame (requestAnimationFrame, then a posted message, which
 *   runs after that frame is painted): `nextFrame` adds the paint and the wait for the display's
 *   next frame (up to 16.7 ms at 60 Hz), what a person sees; it is reported beside the total.
 *
 * A MutationObserver checks the method: DOM changes after a keystroke's measured end and before
 * the next key (within LATE_WINDOW_MS) are counted as `late`; with no debounced work pending they
 * should be none, which shows that React did all the keystroke's work before the end. cmdk's own
 * list-height variable is left out: its ResizeObserver writes it in the next frame by design (one
 * style property on the list element).
 */

export interface KeystrokeSample {
  /** performance.now() at the keydown and at the measured end. */
  start: number;
  end: number;
  /** keydown -> committed and laid out (ms); `script` and `layout` are its two parts. */
  total: number;
  script: number;
  layout: number;
  /** keydown -> the next frame painted (ms). */
  nextFrame: number;
  /** DOM mutation batches seen after the measured end (see above). */
  late: number;
  /** Items listed after the keystroke. */
  items: number;
}

export interface GroupCount {
  heading: string;
  items: number;
}

export interface BenchApi {
  mode: 'palette' | 'cmdk-all';
  ready: boolean;
  commandCount: number;
  /** The palette's pause before record lookups (usePaletteItems). */
  lookupDebounceMs: number;
  samples: KeystrokeSample[];
  /** Resolves once `count` keystrokes are measured, up to their next frame. */
  waitForSamples: (count: number) => Promise<void>;
  /** The groups the list shows now, with their item counts. */
  groups: () => GroupCount[];
  /** Table requests the page answered itself, and requests it refused. */
  requests: () => { answered: Record<string, number>; refused: string[] };
  /** Palette mode: the time of the grammar and the ranking alone for each prefix of `inputs`. */
  filterOnly?: (inputs: string[], rounds: number) => number[];
}

declare global {
  interface Window {
    /** The benchmark's handle on the page (bench/palette.ts drives it). */
    __bench?: BenchApi;
  }
}

export const LATE_WINDOW_MS = 100;

const isListHeight = (record: MutationRecord): boolean =>
  record.type === 'attributes' && record.attributeName === 'style' && record.target instanceof Element && record.target.hasAttribute('cmdk-list');

export function startKeystrokeProbe(): Pick<BenchApi, 'samples' | 'waitForSamples'> {
  const samples: KeystrokeSample[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let start: number | null = null;
  let inFlight = false;
  let lastEnd = -Infinity;
  /** Samples whose next frame is measured too. */
  let measured = 0;

  window.addEventListener(
    'keydown',
    () => {
      start = performance.now();
      inFlight = true;
    },
    true,
  );

  window.addEventListener('input', () => {
    if (start === null) return;
    const began = start;
    start = null;
    const committed = performance.now();
    document.querySelector('[cmdk-list]')?.getBoundingClientRect();
    void document.body.offsetHeight;
    const laidOut = performance.now();
    const sample: KeystrokeSample = {
      start: began,
      end: laidOut,
      total: laidOut - began,
      script: committed - began,
      layout: laidOut - committed,
      nextFrame: NaN,
      late: 0,
      items: 0,
    };
    samples.push(sample);
    lastEnd = laidOut;
    inFlight = false;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        sample.nextFrame = performance.now() - began;
        sample.items = document.querySelectorAll('[cmdk-item]').length;
        measured += 1;
        for (const waiter of waiters.splice(0)) {
          if (measured >= waiter.count) waiter.resolve();
          else waiters.push(waiter);
        }
      };
      channel.port2.postMessage(null);
    });
  });

  new MutationObserver((records) => {
    const last = samples[samples.length - 1];
    if (inFlight || !last || performance.now() - lastEnd >= LATE_WINDOW_MS) return;
    if (records.some((record) => !isListHeight(record))) last.late += 1;
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });

  return {
    samples,
    waitForSamples: (count) => (measured >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
  };
}

/** The list's groups as cmdk renders them (heading and item count; one line for an ungrouped list). */
export function listGroups(): GroupCount[] {
  const groups = [...document.querySelectorAll('[cmdk-group]')].map((group) => ({
    heading: group.querySelector('[cmdk-group-heading]')?.textContent ?? '',
    items: group.querySelectorAll('[cmdk-item]').length,
  }));
  if (groups.length > 0) return groups;
  const items = document.querySelectorAll('[cmdk-item]').length;
  return items > 0 ? [{ heading: 'Items', items }] : [];
}
