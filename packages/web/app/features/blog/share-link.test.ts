import { describe, expect, it, vi } from 'vitest';
import { shareOrCopy } from './share-link.ts';

const payload = { title: 'Merge PDFs', text: 'How to merge.', url: 'https://quire.example/blog/merge' };
const abort = () => Object.assign(new Error('Share canceled'), { name: 'AbortError' });

describe('shareOrCopy', () => {
  it('shares title, excerpt and URL where the browser can share', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareOrCopy(payload, { share, writeText })).toBe('shared');
    expect(share).toHaveBeenCalledWith(payload);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('does nothing more when the reader closes the share sheet', async () => {
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {
      throw abort();
    });
    expect(await shareOrCopy(payload, { share, writeText })).toBe('dismissed');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the URL where the browser cannot share, or refuses this share', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareOrCopy(payload, { writeText })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(payload.url);
    const refused = vi.fn(async () => {
      throw Object.assign(new Error('no'), { name: 'NotAllowedError' });
    });
    expect(await shareOrCopy(payload, { share: refused, writeText })).toBe('copied');
    expect(await shareOrCopy(payload, { share: refused, canShare: () => false, writeText })).toBe('copied');
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('falls back to copying by selection, and reports when nothing worked', async () => {
    const denied = vi.fn(async () => {
      throw new Error('denied');
    });
    const copyBySelection = vi.fn(() => true);
    expect(await shareOrCopy(payload, { writeText: denied, copyBySelection })).toBe('copied');
    expect(copyBySelection).toHaveBeenCalledWith(payload.url);
    expect(await shareOrCopy(payload, { writeText: denied, copyBySelection: () => false })).toBe('failed');
    expect(await shareOrCopy(payload, {})).toBe('failed');
  });
});
