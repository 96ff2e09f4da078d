import { defineArea } from '../../resource/area';
import { auditsResource, changeLogsResource, serviceLogsResource } from './resource';

/** The audit log, the change logs and the service logs: read-only lists with shareable filters. */
export default defineArea({
  name: 'logs',
  rank: 90,
  resources: [changeLogsResource, serviceLogsResource, auditsResource],
  screens: {
    '/change-logs': { source: 'operations', nav: { label: 'Change logs', section: 'logs', order: 10 }, go: 'l' },
    // The API has the service logs' calls but no screen path for them.
    '/service-logs': { source: 'console', nav: { label: 'Service logs', section: 'logs', order: 20 }, go: 'yl' },
    '/audit-log': { source: 'both', nav: { label: 'Audit log', section: 'logs', order: 30 }, go: 'a' },
  },
});
