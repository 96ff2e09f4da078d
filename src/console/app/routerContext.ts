import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../session/session';

/** What every route's beforeLoad and loader receive (`context`). */
export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
}
