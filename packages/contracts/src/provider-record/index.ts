export * from './provider-record';
export * from './changes';
export * from './change-documents';
