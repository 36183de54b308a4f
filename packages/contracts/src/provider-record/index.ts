export * from './provider-record';
export * from './changes';
export * from './change-documents';
export * from './approval-term';
export * from './renewal';
