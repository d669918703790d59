export * from './envelope';
export * from './events';
export * from './plans';
export * from './streams';
export * from './table';
export * from './accounts';
export * from './projects';
export * from './render-api';
