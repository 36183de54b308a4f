export * from './documents';
export * from './required-documents';
