export * from './database';
export * from './processes';
export * from './metrics';
export * from './tcp-proxy';
export * from './node-process';
export * from './smtp-inbox';
export * from './atom-feed';
export * from './slow-sender';
