/** Session values the console's entry reads (no zod here). */

/** Refresh failure reasons. 'no_saved_token' means the console had no token to send. */
export const REFRESH_NO_SAVED_TOKEN = 'no_saved_token';
