import type { AreaHandlers } from '../http/handlers';
import { sessionHandlers } from './session/handlers';

/** Every area's handlers; app.ts mounts them against the endpoint table. */
export const areaHandlers: AreaHandlers[] = [sessionHandlers];
