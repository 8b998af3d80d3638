export * from './users';
export * from './files';
