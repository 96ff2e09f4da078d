export * from './types';
export * from './available';
export * from './useRunAction';
export * from './useActionForm';
export * from './ConfirmDialog';
export * from './RowActionsMenu';
export * from './BulkBar';
export { DialogActions } from './DialogActions';
export * from './bulkResults';
