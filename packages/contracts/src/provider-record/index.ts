export * from './provider-record';
export * from './changes';
