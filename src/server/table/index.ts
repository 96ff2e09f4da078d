/** The generic table-query builder (see define.ts for the rules every list gets). */
export { defineTable } from './define';
export type {
  ColumnDef,
  ColumnFilterDef,
  CustomFilter,
  QueryDef,
  QueryOptions,
  SearchMatcher,
  SortKey,
  TableContext,
  TableDefinition,
  TableQuery,
} from './define';
export { FilterValueError, containsPattern, escapeLike, filterCondition, readScalar } from './filters';
export type { FilterKind, FilterSpec, ValueType } from './filters';
export { decimalText, utcText } from './sql';
