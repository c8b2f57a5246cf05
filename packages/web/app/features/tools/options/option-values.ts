import type { EnumOptionSpec } from '@quire/shared';

/** The current value of a choice option, or its registry default (else its first value) when unset or stale. */
export function choiceOf<const V extends string>(
  spec: EnumOptionSpec & { readonly values: readonly V[] },
  value: string | undefined,
): V {
  const allowed: readonly string[] = spec.values;
  if (value !== undefined && allowed.includes(value)) return value as V;
  return (spec.default ?? spec.values[0]) as V;
}
