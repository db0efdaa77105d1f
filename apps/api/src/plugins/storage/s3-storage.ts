import type { Config } from '../../config.js';
import type { Storage } from './storage.js';

export function createS3Storage(_config: Config): Storage {
  throw new Error('STORAGE_DRIVER=s3 is not available yet');
}
