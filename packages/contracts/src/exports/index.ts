export * from './exports';
