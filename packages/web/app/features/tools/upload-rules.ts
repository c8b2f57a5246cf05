import type { ToolDefinition } from '@quire/shared';
import type { UploadRules } from '../upload/validate-files.ts';

/** The upload widget's rules for one tool, read from the registry. */
export function uploadRulesOf(tool: ToolDefinition): UploadRules {
  return {
    accepts: tool.accepts,
    maxFileBytes: tool.maxFileBytes,
    maxFiles: tool.maxFiles,
    multiple: tool.maxFiles > 1,
  };
}
