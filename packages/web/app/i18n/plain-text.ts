// Read by the client build's message precompiler (`build-time/precompile-messages.ts`) as well: no imports.

/**
 * A message ICU MessageFormat prints as it is: no argument or plural (`{`, `}`), no quoting (`'`), no rich-text
 * tag (`<`).
 */
export function isPlainText(message: unknown): message is string {
  return typeof message === 'string' && !/[{}'<]/.test(message);
}
