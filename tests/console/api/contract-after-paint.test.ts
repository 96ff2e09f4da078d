import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('at start-up, requests go out before the endpoint table is built', () => {
  it('sends the request at once with the route table, and checks the answer once the first screen has painted', async () => {
    // A fresh copy of the client and its contract loader (the test setup loads the table for every other test).
    vi.resetModules();
    const { api } = await import('../../../src/console/api/client');
    const { loadContractAfter } = await import('../../../src/console/api/contract');
    let painted!: () => void;
    loadContractAfter(new Promise<void>((resolve) => (painted = resolve)));
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify([{ code: 'DE', name: 'Germany' }]), { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    let answer: unknown;
    const call = api('countries').then((data) => (answer = data));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/v1/countries');
    expect(fetch.mock.calls[0][1]).toMatchObject({ method: 'GET' });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answer).toBeUndefined(); // the answer waits for the table, which waits for the paint

    painted();
    await call;
    expect(answer).toEqual([{ code: 'DE', name: 'Germany' }]);
  });
});
