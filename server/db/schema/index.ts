export * from './users';
export * from './files';
export * from './folders';
export * from './follows';
export * from './notifications';
export * from './messages';
export * from './archives';
export * from './fingerprints';
