/** The generic table-query builder (see define.ts for the rules every list gets). */
export { defineTable } from './define';
export type {
  ColumnFilterDef,
  CustomFilter,
  QueryOptions,
  SearchMatcher,
  ServerColumn,
  ServerQuery,
  ServerTableDefinition,
  SortKey,
  TableContext,
  TableQuery,
} from './define';
export { FilterValueError, containsPattern, escapeLike, readScalar } from './filters';
export type { FilterKind, FilterSpec, ValueType } from './filters';
export { decimalText, utcText } from './sql';

import type { ColumnFilter, ParsedTableRequest } from '../../contract/table';

/**
 * The request with one more column filter, as a list's own query parameter asks for it (`GET
 * /coupons?is_all=0` is the status filter `['active']`). It joins the member's filters: a row
 * must pass both.
 */
export function withColumnFilter<R extends ParsedTableRequest>(request: R, key: string, filter: ColumnFilter): R {
  return { ...request, headers: [...request.headers, { value: key, filter }] };
}
