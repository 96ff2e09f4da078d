import { afterEach, vi } from 'vitest';

/**
 * The console's api client (src/console/api/client) replaced by mocks for a test file, reset after
 * each test. A test file mocks the module with it and answers calls through `apiMock`:
 *
 *   import { apiMock } from '../helpers/apiMock';
 *   vi.mock(…the client's path…, () => import('../helpers/apiMock').then((m) => m.mockedApiClient));
 *   apiMock.api.mockResolvedValueOnce(page([user(1)]));
 */
export const apiMock = { api: vi.fn(), apiFetch: vi.fn() };

/** What the mocked module exports. */
export const mockedApiClient = { api: apiMock.api, apiFetch: apiMock.apiFetch };

afterEach(() => {
  apiMock.api.mockReset();
  apiMock.apiFetch.mockReset();
});
