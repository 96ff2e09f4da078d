import { afterSnapshotPainted } from './offline/snapshotPaint';

// The entry only lets index.html's copy of the last screen reach the screen first; the app's
// chunks are fetched and compiled meanwhile (index.html preloads them) and evaluated after.
void afterSnapshotPainted().then(() => import('./startConsole'));
