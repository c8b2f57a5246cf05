import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const MEBIBYTE = 1024 * 1024;

describe("the clients' shares in the configuration", () => {
  it('gives each client 8 event streams and an eighth of the job disk, from 1 GiB (or all of it) to 2 GiB', () => {
    const withDisk = (megabytes: number) => loadConfig({ QUIRE_JOB_DISK_MB: String(megabytes) });
    expect(withDisk(20_480)).toMatchObject({ clientMaxStreams: 8, clientDiskBytes: 2048 * MEBIBYTE });
    expect(withDisk(102_400).clientDiskBytes).toBe(2048 * MEBIBYTE);
    expect(withDisk(12_288).clientDiskBytes).toBe(1536 * MEBIBYTE);
    expect(withDisk(4_096).clientDiskBytes).toBe(1024 * MEBIBYTE);
    expect(withDisk(512).clientDiskBytes).toBe(512 * MEBIBYTE);
  });

  it('takes the operator’s numbers, and refuses what is not a whole number in range', () => {
    const config = loadConfig({ QUIRE_CLIENT_MAX_STREAMS: '3', QUIRE_CLIENT_DISK_MB: '100' });
    expect(config).toMatchObject({ clientMaxStreams: 3, clientDiskBytes: 100 * MEBIBYTE });
    expect(() => loadConfig({ QUIRE_CLIENT_MAX_STREAMS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ QUIRE_CLIENT_DISK_MB: '1.5' })).toThrow(/QUIRE_CLIENT_DISK_MB/);
  });
});
