/** The console's start: the app, its saved answers, the copy of each screen, the service worker (main.tsx loads it). */
// Built into the console's one stylesheet, which index.html links (the copy of the last screen needs it too).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/AppProviders';
import { createConsole } from './app/createConsole';
import { keepScreenSnapshots } from './offline/screenSnapshot';
import { registerServiceWorker } from './offline/serviceWorker';
import { setUpMonitoring } from './monitoring/configure';
import { reportError } from './monitoring/errorReporter';

setUpMonitoring();
const { queryClient, session, router, ready } = createConsole();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render waits (briefly) for the screen's saved answers, so a reload paints rows at once.
void ready.finally(() =>
  createRoot(container, {
    onUncaughtError: (error) => reportError(error, 'react'),
  }).render(
    <StrictMode>
      <App queryClient={queryClient} session={session} router={router} />
    </StrictMode>,
  ),
);

// What the member last saw is painted again by index.html on the next reload.
keepScreenSnapshots();

// The shell is precached for offline starts; a new version waits for the member's Reload.
void registerServiceWorker();
