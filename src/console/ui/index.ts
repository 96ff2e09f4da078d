export * from './format';
export * from './StatusLabel';
export * from './CostLabel';
export * from './Money';
export * from './DateTime';
export * from './DetailFallback';
