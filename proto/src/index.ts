export * from './api-types';
export * from './categories';
export * from './constants';
export * from './feeds';
export * from './queues';
export * from './routes';
export * from './services';
export * from './pages';
