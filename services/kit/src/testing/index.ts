export * from './database';
export * from './processes';
export * from './config-docs';
export * from './metrics';
