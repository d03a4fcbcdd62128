export * from './tenancy';
export * from './events';
export * from './auth';
export * from './settings';
