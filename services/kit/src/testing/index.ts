export * from './database';
export * from './processes';
export * from './config-docs';
export * from './metrics';
export * from './tcp-proxy';
export * from './node-process';
export * from './smtp-inbox';
export * from './atom-feed';
