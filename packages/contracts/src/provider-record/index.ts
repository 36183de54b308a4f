export * from './provider-record';
