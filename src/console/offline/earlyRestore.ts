import { readToken } from '../session/cookie';
import { beginScreenRead, screenAddress } from './screenRestore';
import { savedProfileFor } from './startupAnswers';

/**
 * The first thing a reload runs (the build inlines it into index.html, vite.config.ts): a screen
 * with saved answers starts reading them from IndexedDB while the browser is still fetching and
 * evaluating the app's code, and the app's start-up (restoreScreenQueries) takes that read
 * instead of beginning its own. It imports only what finding the member and the screen needs.
 */
const member = savedProfileFor(readToken());
if (member) beginScreenRead(member.id, screenAddress(window.location));
