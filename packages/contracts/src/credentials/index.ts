export * from './credential-states';
export * from './credential-api';
