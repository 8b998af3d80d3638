import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

// The storage settings of server/config.ts: STORAGE=disk|s3 and the S3_* names.

describe('storage settings', () => {
  it('default to the disk', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'disk' });
  });

  it('read an S3 bucket with its endpoint, region, credentials and path style', () => {
    const s3 = { STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'kaleido', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' };
    expect(loadConfig(s3).storage).toEqual({
      driver: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', bucket: 'kaleido', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true },
    });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'kaleido', S3_REGION: 'eu-west-3' }).storage).toEqual({
      driver: 's3',
      s3: { endpoint: null, bucket: 'kaleido', region: 'eu-west-3', accessKeyId: null, secretAccessKey: null, forcePathStyle: false },
    });
  });

  it('refuse to start on S3 without a bucket, or with half the credentials, without echoing the secret', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'kaleido', S3_SECRET_ACCESS_KEY: 'hunter2-secret' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'kaleido', S3_SECRET_ACCESS_KEY: 'hunter2-secret' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'kaleido', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
