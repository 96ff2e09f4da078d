import { afterSnapshotPainted } from './offline/snapshotPaint';

// The entry only lets index.html's copy of the last screen reach the screen first; the app's
// chunks are evaluated after (index.html preloads them from that moment on: vite.config.ts).
void afterSnapshotPainted().then(() => import('./startConsole'));
