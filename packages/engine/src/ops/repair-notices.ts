import type { Notice } from '@quire/shared';

/** `FILE_REPAIRED` for the single file of a tool (position 0) when it had to be repaired, else nothing. */
export function repairNotices(wasRepaired: boolean): Notice[] {
  return wasRepaired ? [{ code: 'FILE_REPAIRED', fileIndex: 0 }] : [];
}
