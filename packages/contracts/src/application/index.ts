export * from './application';
export * from './draft-application';
export * from './lookups';
export * from './rules';
export * from './steps';
export * from './drafts';
export * from './dashboard';
export * from './pdf';
