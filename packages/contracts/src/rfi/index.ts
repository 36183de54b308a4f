export * from './rfi';
