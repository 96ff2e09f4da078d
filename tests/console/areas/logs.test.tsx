import { describe, expect, it } from 'vitest';
import { recordTypeLabel } from '../../../src/contract/logs';
import { auditsResource, changeLogsResource, serviceLogsResource } from '../../../src/console/areas/logs/resource';
import { recordName, recordPath } from '../../../src/console/history/recordLinks';
import { filterSpecs } from '../../../src/console/list/urlState';
// Record links read the screen table, which the app assembles from the areas and installs at start-up.
import '../../../src/console/app/screens';

/** The logs' lists: the filters the issue names, and records linked to their screens where one exists. */

describe('the logs in the console', () => {
  it('the audit log filters by staff member, event, record type and id, and date range', () => {
    const kinds = Object.fromEntries([...filterSpecs(auditsResource)].map(([key, spec]) => [key, spec.kind]));
    expect(kinds).toMatchObject({ user: 'select', event: 'multiSelect', auditableType: 'select', auditableId: 'select', createdAt: 'dateRange' });
    // Options of the open lists come from the collections endpoint, not a fixed list.
    const spec = filterSpecs(auditsResource).get('auditableType')!;
    expect('useOptions' in spec && typeof spec.useOptions).toBe('function');
  });

  it('the change log filters by action type and model type from its collections; the service log by type and action type', () => {
    const change = filterSpecs(changeLogsResource);
    for (const key of ['actionType', 'type']) expect((change.get(key) as { useOptions?: unknown }).useOptions).toBeTypeOf('function');
    const service = filterSpecs(serviceLogsResource);
    for (const key of ['type', 'actionType', 'modelType']) expect((service.get(key) as { useOptions?: unknown }).useOptions).toBeTypeOf('function');
  });

  it('links a record to its screen where the console has one, else names it as text', () => {
    expect(recordPath('order', 12)).toBe('/orders/12');
    expect(recordPath('free_trial_request', 3)).toBe('/requests/3');
    expect(recordPath('webhook', 4)).toBe('/webhooks/4');
    expect(recordPath('invoice', 5)).toBe('/invoices/5');
    expect(recordPath('drip_feed', 6)).toBe('/drip-feed/6');
    expect(recordPath('network', 5)).toBeUndefined();
    expect(recordPath('order', null)).toBeUndefined();
    expect(recordName('free_trial_request', 3)).toBe('Free trial request 3');
    expect(recordTypeLabel('paymentMethod')).toBe('Payment method');
  });
});
