import { AppError } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { toJobWork, toQueuedWork } from './queued-job.ts';

const store = { keyOf: (path: string) => `key:${path}`, pathOf: (key: string) => key.replace(/^key:/, '') };

describe('queued work', () => {
  it('carries files by their keys in the store, and back to paths', () => {
    const work = {
      kind: 'tool' as const,
      toolId: 'sign' as const,
      input: { files: [{ path: '/jobs/a/input-0', name: 'a.pdf' }], options: {} as never },
    };
    const queued = toQueuedWork(work, store);
    expect(queued).toEqual({
      kind: 'tool',
      toolId: 'sign',
      files: [{ key: 'key:/jobs/a/input-0', name: 'a.pdf' }],
      options: {},
    });
    expect(toJobWork(queued, store)).toEqual({
      kind: 'tool',
      toolId: 'sign',
      input: { files: [{ path: '/jobs/a/input-0', name: 'a.pdf', password: undefined }], options: {} },
    });
  });

  it('refuses a certificate rather than queue it in Redis: it stays in the memory of the process that received it', () => {
    const work = {
      kind: 'tool' as const,
      toolId: 'sign' as const,
      input: {
        files: [{ path: '/jobs/a/input-0', name: 'a.pdf' }],
        options: {} as never,
        secretFile: { bytes: new Uint8Array([0x30, 0x82, 0x01]), name: 'me.p12' },
      },
    };
    const refusal = (() => {
      try {
        toQueuedWork(work, store);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('TOOL_UNAVAILABLE');
    expect((refusal as AppError).details).toEqual({ option: 'certificate' });
  });
});
