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
