import {
  AppError,
  TOOLS,
  type OptionSpec,
  type ToolDefinition,
  type ToolId,
  type ToolOptions,
} from '@quire/shared';

/** Longest page list accepted (`1-3, 7, 9-` …); the engine checks it against the document. */
const MAX_PAGE_LIST_CHARS = 1000;

/**
 * Reads a tool's options from the form fields against the registry's option specs: enumerations must hold one of
 * their values (or take the default), page lists are trimmed text without control characters.
 */
export function parseToolOptions<T extends ToolId>(
  toolId: T,
  fields: ReadonlyMap<string, string>,
): ToolOptions<T> {
  const tool: ToolDefinition = TOOLS[toolId];
  for (const name of fields.keys()) {
    if (!Object.hasOwn(tool.options, name)) {
      throw new AppError('INVALID_OPTIONS', `Unknown field "${name}".`, { option: name });
    }
  }
  const options: Record<string, string | undefined> = {};
  for (const [name, spec] of Object.entries(tool.options) as [string, OptionSpec][]) {
    const raw = fields.get(name)?.trim();
    if (spec.kind === 'enum') {
      const value = raw === undefined || raw === '' ? spec.default : raw;
      if (value === undefined) {
        throw new AppError(
          'INVALID_OPTIONS',
          `The "${name}" field is required: one of ${spec.values.join(', ')}.`,
          {
            option: name,
            allowed: spec.values.join(', '),
          },
        );
      }
      if (!spec.values.includes(value)) {
        throw new AppError('INVALID_OPTIONS', `"${name}" must be one of ${spec.values.join(', ')}.`, {
          option: name,
          allowed: spec.values.join(', '),
        });
      }
      options[name] = value;
    } else {
      options[name] = raw === '' ? undefined : raw;
    }
  }
  for (const [name, spec] of Object.entries(tool.options) as [string, OptionSpec][]) {
    if (spec.kind !== 'page-list') continue;
    const value = options[name];
    const condition = spec.requiredWhen;
    if (value === undefined && condition && options[condition.option] === condition.value) {
      throw new AppError(
        'INVALID_OPTIONS',
        `The "${name}" field is required when ${condition.option} is ${condition.value}.`,
        {
          option: name,
        },
      );
    }
    if (value !== undefined && (value.length > MAX_PAGE_LIST_CHARS || !/^[\d\s,-]*$/.test(value))) {
      throw new AppError('INVALID_OPTIONS', `"${name}" must list pages such as 1-3, 7, 9-.`, {
        option: name,
      });
    }
  }
  // Every option of the spec was read and checked above, which is what ToolOptions<T> describes.
  return options as ToolOptions<T>;
}
