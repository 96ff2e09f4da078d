import { defineArea } from '../../resource/area';
import { auditsResource, changeLogsResource, serviceLogsResource } from './resource';

/** The audit log, the change logs and the service logs: read-only lists with shareable filters. */
export default defineArea({ name: 'logs', rank: 90, resources: [changeLogsResource, serviceLogsResource, auditsResource] });
