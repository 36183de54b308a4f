export * from './provider-record';
export * from './changes';
export * from './approval-term';
