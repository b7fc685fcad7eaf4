export * from './database';
export * from './processes';
