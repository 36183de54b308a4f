export * from './staff';
export * from './bulk';
