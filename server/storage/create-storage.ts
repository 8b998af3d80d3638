import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage driver the configuration names (`STORAGE=disk|s3`); app and worker share it. */
export function createStorage(config: Pick<Config, 'storage' | 'uploadsDir'>): Storage {
  return config.storage.driver === 's3' ? createS3Storage(config.storage.s3) : createLocalStorage(config.uploadsDir);
}
