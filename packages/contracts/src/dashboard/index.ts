export * from './dashboard';
