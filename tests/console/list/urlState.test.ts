import { afterEach, describe, expect, it } from 'vitest';
import { tableRequestSchema } from '../../../src/contract/table';
import {
  clearLastSearch,
  clearStaffListStates,
  defaultTableState,
  listSearchSchema,
  listStorageKey,
  loadLastSearch,
  saveLastSearch,
  searchFromTableState,
  tableStateFromSearch,
  toTableRequest,
  withFilter,
  type TableState,
} from '../../../src/console/list/urlState';
import { only, usersResource } from '../helpers/tableFixtures';

const roundTrip = (state: TableState) => tableStateFromSearch(usersResource, searchFromTableState(usersResource, state));

describe('URL <-> table state', () => {
  afterEach(() => localStorage.clear());

  it('reads a bare URL as the defaults: page 1, 30 rows, id desc, default filters, default columns', () => {
    const state = tableStateFromSearch(usersResource, {});
    expect(state).toEqual({
      page: 1,
      perPage: 30,
      sort: { key: 'id', desc: true },
      search: '',
      filters: { status: ['active'] },
      columns: ['id', 'email', 'status', 'balance', 'createdAt', 'grade'],
    });
    expect(searchFromTableState(usersResource, state)).toEqual({});
  });

  it('round-trips every filter kind through compact URL values', () => {
    let state = defaultTableState(usersResource);
    state = withFilter(usersResource, state, 'email', 'bob@example.com'); // text
    state = withFilter(usersResource, state, 'status', ['frozen', 'deactivated']); // multiSelect
    state = withFilter(usersResource, state, 'balance', { from: 10, to: 500 }); // numberRange
    state = withFilter(usersResource, state, 'createdAt', { from: '2025-01-01', to: '2025-03-31' }); // dateRange
    state = withFilter(usersResource, state, 'messengers', true); // boolean
    state = withFilter(usersResource, state, 'grade', 'gold'); // select
    state = withFilter(usersResource, state, 'source', 'api'); // declared query

    const search = searchFromTableState(usersResource, state);
    expect(search).toEqual({
      email: 'bob@example.com',
      status: 'frozen,deactivated',
      balance: '10..500',
      createdAt: '2025-01-01..2025-03-31',
      messengers: true,
      grade: 'gold',
      source: 'api',
    });
    expect(roundTrip(state)).toEqual(state);
  });

  it('keeps open-ended ranges, negative and fractional bounds', () => {
    let state = withFilter(usersResource, defaultTableState(usersResource), 'balance', { from: -5.5 });
    state = withFilter(usersResource, state, 'createdAt', { to: '2025-03-31' });
    const search = searchFromTableState(usersResource, state);
    expect(search.balance).toBe('-5.5..');
    expect(search.createdAt).toBe('..2025-03-31');
    expect(roundTrip(state)).toEqual(state);
  });

  it('escapes commas inside multi-select values', () => {
    const state = withFilter(usersResource, defaultTableState(usersResource), 'status', ['a,b', 'c%d']);
    expect(roundTrip(state).filters.status).toEqual(['a,b', 'c%d']);
  });

  it('writes a cleared default filter as an empty param, distinct from the bare default', () => {
    const cleared = withFilter(usersResource, defaultTableState(usersResource), 'status', undefined);
    const search = searchFromTableState(usersResource, cleared);
    expect(search).toEqual({ status: '' });
    expect(tableStateFromSearch(usersResource, search).filters).toEqual({});
    expect(tableStateFromSearch(usersResource, {}).filters).toEqual({ status: ['active'] });
  });

  it('round-trips page, page size (All), sort, search and visible columns', () => {
    const state: TableState = {
      ...defaultTableState(usersResource),
      page: 3,
      perPage: -1,
      sort: { key: 'balance', desc: false },
      search: '12345',
      columns: ['id', 'email', 'messengers'],
    };
    const search = searchFromTableState(usersResource, state);
    expect(search).toMatchObject({ page: 3, perPage: -1, sort: 'balance:asc', search: 12345, cols: 'id,email,messengers' });
    expect(roundTrip(state)).toEqual(state);
  });

  it('reads what a JSON-first router hands over (numbers and booleans) and ignores invalid params', () => {
    const state = tableStateFromSearch(usersResource, {
      page: 0,
      perPage: 50,
      sort: 'password:asc',
      balance: 25,
      createdAt: '2025-02-30..2025-03-01',
      messengers: 'false',
      id: 42,
      cols: 'nope,email',
    });
    expect(state.page).toBe(1);
    expect(state.perPage).toBe(50);
    expect(state.sort).toEqual({ key: 'id', desc: true });
    expect(state.filters.balance).toEqual({ from: 25, to: 25 });
    expect(state.filters.createdAt).toEqual({ to: '2025-03-01' });
    expect(state.filters.messengers).toBe(false);
    expect(state.filters.id).toBe('42');
    expect(state.columns).toEqual(['email']);
  });

  it('validates search params with the route validator, dropping garbage instead of failing', () => {
    const validate = listSearchSchema(usersResource);
    const parsed = validate({ page: 'x', perPage: '20', sort: 5, status: 'frozen', unknown: 'dropped', balance: { bad: 1 } });
    expect(parsed).toEqual({ perPage: 20, status: 'frozen' });
  });
});

describe('toTableRequest', () => {
  it('builds headers of visible columns with their filters, options, search and queries', () => {
    let state = defaultTableState(usersResource);
    state = withFilter(usersResource, state, 'balance', { from: 10 });
    state = withFilter(usersResource, state, 'messengers', true); // hidden column, still filtered
    state = withFilter(usersResource, state, 'source', 'api');
    state = { ...state, page: 2, perPage: 50, search: 'bob', sort: { key: 'email', desc: false } };

    const request = toTableRequest(usersResource, state, 7);
    expect(request).toEqual({
      headers: [
        { value: 'id' },
        { value: 'email' },
        { value: 'status', filter: ['active'] },
        { value: 'balance', filter: { from: 10, to: null } },
        { value: 'createdAt' },
        { value: 'messengers', filter: true },
        { value: 'grade' },
      ],
      options: { page: 2, itemsPerPage: 50, sortBy: ['email'], sortDesc: [false] },
      search: 'bob',
      draw: 7,
      queries: { source: 'api' },
    });
    expect(tableRequestSchema.safeParse(request).success).toBe(true);
  });

  it('asks for all rows from page 1 when the page size is All', () => {
    const state = { ...defaultTableState(usersResource), perPage: -1, page: 4 };
    expect(toTableRequest(usersResource, state).options).toMatchObject({ page: 1, itemsPerPage: -1 });
  });

  it('leaves out columns, filters and sorting the staff member may not see', () => {
    let state = withFilter(usersResource, defaultTableState(usersResource), 'grade', 'gold');
    state = { ...state, sort: { key: 'grade', desc: false } };
    const request = toTableRequest(usersResource, state, 1, { can: only('viewUsers') });
    expect(request.headers?.map((h) => h.value)).not.toContain('grade');
    expect(request.options?.sortBy).toEqual(['id']);
    const permitted = toTableRequest(usersResource, state, 1, { can: only('viewGrades') });
    expect(permitted.headers).toContainEqual({ value: 'grade', filter: 'gold' });
  });

  it('merges fixed queries of an embedded list', () => {
    const request = toTableRequest(usersResource, defaultTableState(usersResource), 0, { queries: { managerId: 5 } });
    expect(request.queries).toEqual({ managerId: 5 });
  });
});

describe('last state per list', () => {
  afterEach(() => localStorage.clear());

  it('stores the last search without its page, per staff member, and forgets it on demand', () => {
    const key = listStorageKey('users', 7);
    saveLastSearch(key, { page: 4, status: 'frozen', sort: 'email:asc' });
    expect(loadLastSearch(key)).toEqual({ status: 'frozen', sort: 'email:asc' });
    expect(loadLastSearch(listStorageKey('users', 8))).toBeNull();
    clearLastSearch(key);
    expect(loadLastSearch(key)).toBeNull();
  });

  it('clears every list of one staff member at logout', () => {
    saveLastSearch(listStorageKey('users', 7), { status: 'frozen' });
    saveLastSearch(listStorageKey('orders', 7), { status: 'completed' });
    saveLastSearch(listStorageKey('users', 8), { status: 'active' });
    clearStaffListStates(7);
    expect(loadLastSearch(listStorageKey('users', 7))).toBeNull();
    expect(loadLastSearch(listStorageKey('orders', 7))).toBeNull();
    expect(loadLastSearch(listStorageKey('users', 8))).toEqual({ status: 'active' });
  });

  it('ignores corrupt stored values', () => {
    localStorage.setItem(listStorageKey('users', 1), '{not json');
    expect(loadLastSearch(listStorageKey('users', 1))).toBeNull();
  });
});
