export * from './credential-states';
