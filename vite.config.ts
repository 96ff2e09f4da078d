import { resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The console is built into dist/ and served by the reference server (src/server/main.ts).
// In development, API calls from the Vite dev server are proxied to the server on PORT (8080).
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * Addresses a navigation must never be answered with the console's shell by the service worker:
 * the API and the channel server (src/server/http/staticConsole.ts), the GET
 * endpoints outside /api (settings, token refresh), and files (a missing file is a 404, not a page).
 * Workbox tests these against pathname + search.
 */
const NOT_THE_CONSOLE = [
  /^\/(?:api|broadcasting|apps?|provider-sim)(?:[/?]|$)/,
  /^\/(?:settings|refresh|logout)(?:\?|$)/,
  /^[^?]*\/[^/?]+\.[a-z0-9]+(?:\?|$)/i,
];

/**
 * Chunks that every signed-in start-up imports right after the entry runs — the app's start, the
 * IndexedDB cache and the standard list screen — are preloaded by index.html (modulepreload, once
 * its copy of the last screen has painted: preloadAfterSnapshot) instead of being found one import
 * after another, so a reload's saved page renders without those round trips.
 * The endpoint table (CONTRACT) has a chunk of its own but is not preloaded: it is needed only
 * after the first screen has painted, and compiling it beside the others took a core from them on
 * the way to that screen (a cached reload's first row came ~20 ms later at p50).
 */
const CONTRACT = 'src/contract/endpoints.ts';
/** The app's start, which the entry (src/console/main.tsx) imports once index.html's copy of the last screen is painted. */
const START_UP = 'src/console/startConsole.tsx';
const PRELOADED_CHUNKS = [START_UP, 'src/console/offline/consoleDb.ts', 'src/console/table/ListScreen.tsx'];
/** Inlined into index.html by the build (inlineEarlyRestore): it must run before any chunk has arrived. */
const EARLY_ENTRY = 'src/console/offline/earlyRestore.ts';

/**
 * index.html gets earlyRestore.ts as an inline script in its head, before the stylesheet, bundled
 * on its own (a few kilobytes, no imports): a reload starts reading the screen's saved answers
 * from IndexedDB while the app's code is fetched and evaluated. The server's security headers
 * allow index.html's inline scripts by their hashes.
 */
function inlineEarlyRestore(): Plugin {
  return {
    name: 'panel-console:inline-early-restore',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const output = await build({
          configFile: false,
          logLevel: 'warn',
          build: {
            write: false,
            minify: true,
            lib: { entry: resolve(EARLY_ENTRY), formats: ['iife'], name: 'panelConsoleEarlyRestore' },
            rolldownOptions: { output: { codeSplitting: false } },
          },
        });
        const chunk = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : [])).find((o) => o.type === 'chunk');
        if (!chunk || chunk.type !== 'chunk') throw new Error(`${EARLY_ENTRY} did not build`);
        const code = chunk.code.replace(/\/\/# sourceMappingURL=.*$/m, '').trim();
        // Before the stylesheet: an inline script after it would wait for it to arrive.
        return html.replace('<link rel="stylesheet"', `<script>${code}</script>\n    <link rel="stylesheet"`);
      },
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** A module and everything it imports statically, transitively. */
function staticClosure(graph: ModuleGraph, roots: string[], into = new Set<string>()): Set<string> {
  const visit = (id: string) => {
    if (into.has(id)) return;
    into.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const id of roots) visit(id);
  return into;
}

/**
 * What a signed-in start-up loads, as three chunks instead of the sixty-odd small ones the default
 * splitting makes of modules lazy screens also import (each file a request the service worker
 * answers in turn and a module record to link, which on a 2-core machine cost more than their
 * bytes): "start-up", the app's start and its static imports (login, shell, palette, every
 * area's declarations); "list-screen", the list screen and the IndexedDB cache; "contract", the endpoint
 * table with the schema library. The first two are preloaded by index.html; the contract is
 * loaded and evaluated only after the first screen is painted (building the schemas is a good part
 * of a start-up's script time, and requests need only src/contract/endpointRoutes.ts). Lazy
 * screens import from them. The framework group takes its libraries first. Worked out once per
 * build.
 */
function startUpChunkGroups() {
  let groups: Map<string, string> | undefined;
  return {
    reset: () => {
      groups = undefined;
    },
    name: (id: string, graph: ModuleGraph): string | null => {
      if (!groups) {
        const startUp = staticClosure(graph, [resolve(START_UP)]);
        const contract = staticClosure(graph, [resolve(CONTRACT)]);
        const listScreen = staticClosure(
          graph,
          PRELOADED_CHUNKS.filter((file) => file !== START_UP).map((file) => resolve(file)),
        );
        groups = new Map();
        for (const module of contract) if (!startUp.has(module)) groups.set(module, 'contract');
        for (const module of listScreen) if (!startUp.has(module) && !contract.has(module)) groups.set(module, 'list-screen');
        for (const module of startUp) groups.set(module, 'start-up');
      }
      // Vite's preload helper stays with the entry, which uses it to import the app's start.
      if (id.includes('preload-helper')) return null;
      return groups.get(id) ?? null;
    },
  };
}
const startUpGroups = startUpChunkGroups();

/** The element of index.html that lists the start-up chunks (also read by e2e/pwa.spec.ts and bench/bundle.ts). */
const START_UP_CHUNKS_ID = 'start-up-chunks';

/**
 * Preloads the start-up chunks once index.html's copy of the last screen has painted, or at once
 * when there is none (a first visit, the login screen, a hidden page). Fetched and compiled while
 * the copy was styled and painted, they held its paint back (a cached reload of /users, one run of
 * 20 each: first row on screen p50 152 -> 103 ms, p95 314 -> 152 ms; the app's own first row no
 * later). Bounded like the entry's wait (src/console/offline/snapshotPaint.ts): a frame that does
 * not come within 100 ms does not hold them back.
 */
const preloadAfterSnapshot = `(function () {
      var done = false;
      function preload() {
        if (done) return;
        done = true;
        JSON.parse(document.getElementById('${START_UP_CHUNKS_ID}').textContent).forEach(function (href) {
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          document.head.appendChild(link);
        });
      }
      if (document.visibilityState !== 'visible' || !document.querySelector('[data-screen-snapshot]')) return preload();
      setTimeout(preload, 100);
      requestAnimationFrame(function () {
        var channel = new MessageChannel();
        channel.port1.onmessage = preload;
        channel.port2.postMessage(0);
      });
    })();`;

function preloadStartUpChunks(): Plugin {
  return {
    name: 'panel-console:preload-start-up-chunks',
    apply: 'build',
    buildStart: startUpGroups.reset,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (chunk && chunk.type === 'chunk') for (const imported of chunk.imports) add(imported);
        };
        for (const source of PRELOADED_CHUNKS) {
          const chunk = chunks.find((c) => c.type === 'chunk' && (c.facadeModuleId?.endsWith(source) || c.moduleIds.some((id) => id.endsWith(source))));
          if (chunk) add(chunk.fileName);
        }
        // Vite's own preloads of the entry's imports join the list: every start-up chunk is
        // preloaded by preloadAfterSnapshot, none by a link in the markup.
        const viteLinks = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
        for (const link of viteLinks) {
          html = html.replace(link, '');
          const href = /href="\/([^"]+)"/.exec(link)?.[1];
          if (href) files.add(href);
        }
        // The stylesheet is asked for before the scripts (the service worker answers in order).
        const sheets = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        for (const sheet of sheets) html = html.replace(sheet, '');
        html = html.replace('<script type="module"', `${sheets.join('\n    ')}\n    <script type="module"`);
        // The entry itself is index.html's module script.
        const list = JSON.stringify([...files].filter((file) => !html.includes(`src="/${file}"`)).map((file) => `/${file}`));
        return html.replace(
          '</body>',
          `  <script type="application/json" id="${START_UP_CHUNKS_ID}">${list}</script>\n    <script>${preloadAfterSnapshot}</script>\n  </body>`,
        );
      },
    },
  };
}

export default defineConfig({
  root: '.',
  plugins: [
    react(),
    preloadStartUpChunks(),
    inlineEarlyRestore(),
    // Installable PWA: the shell is precached so the console opens offline; API
    // answers are never cached here (lists and records live in IndexedDB, src/console/offline).
    VitePWA({
      // A new version waits until the member chooses to reload (src/console/offline/UpdatePrompt.tsx);
      // registration goes through workbox-window in src/console/offline/serviceWorker.ts.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'icons/favicon-32.png'],
      manifest: {
        id: '/',
        name: 'Panel Console',
        short_name: 'Panel Console',
        description: 'Panel Console: the back-office of the reseller panel',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#4263eb',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Orders', short_name: 'Orders', url: '/orders', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Users', short_name: 'Users', url: '/users', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      workbox: {
        // The build's code and page; the icons come from includeAssets and the manifest.
        globPatterns: ['**/*.{js,css,html}'],
        // A file left out of the precache would break an offline start, however big.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NOT_THE_CONSOLE,
        // The first install takes over the open page, so chunks loaded later come from the precache.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // No runtime caching: API answers are persisted per staff member in IndexedDB.
        runtimeCaching: [],
      },
    }),
  ],
  // The manifest lets bench/bundle.ts tell the start-up chunks from the screens' chunks. One
  // stylesheet for the whole console: the copy of the last screen that index.html paints on a
  // reload (a table, a dialog) is styled from the first frame, before any screen's code loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    cssCodeSplit: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The UI framework every screen shares (React, Mantine, the router and query) is one chunk
        // instead of dozens: a reload fetches a handful of files, not forty. Libraries only some
        // screens use (the schema library, IndexedDB, drag and drop, forms) stay
        // in their screens' chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@mantine[\\/](core|hooks|notifications)|@floating-ui|@tanstack|react-transition-group|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|react-number-format|react-textarea-autosize|type-fest)[\\/]/,
              priority: 10,
            },
            { name: startUpGroups.name, priority: 5, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/login': { target: apiTarget, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/refresh': apiTarget,
      '/logout': apiTarget,
      '/settings': { target: apiTarget, bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined) },
      '/broadcasting': apiTarget,
      '/app': { target: apiTarget, ws: true },
    },
  },
});
