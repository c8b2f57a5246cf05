import type { ToolId } from '@quire/shared';
import type { MessageKey } from '../../i18n/messages.ts';

/**
 * The part each file plays in a tool whose files are not alike, by their place in the list: Compare PDF's first
 * file is the original, its second the changed version. The list's arrows swap them.
 */
export const FILE_SLOTS: Partial<Record<ToolId, readonly MessageKey[]>> = {
  compare: ['tools.compare.slots.original', 'tools.compare.slots.changed'],
};
