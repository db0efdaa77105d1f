import type { Config } from '../../config.js';
import { dataDirLayout } from '../data-dir.js';
import { createLocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { createS3Storage } = await import('./s3-storage.js');
    return createS3Storage(config);
  }
  return createLocalStorage(dataDirLayout(config.dataDir).uploads);
}
