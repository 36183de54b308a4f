export * from './problem';
export * from './health';
export * from './program-profile';
export * from './identity';
export * from './application/index';
export * from './application-pdf';
export * from './providers';
