/** What a curl example needs to know of an endpoint (a subset of `EndpointDoc`). */
export type CurlEndpoint = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly params: readonly {
    readonly name: string;
    readonly kind: 'file' | 'password' | 'option';
    readonly isRequired: boolean;
    readonly index?: number;
    readonly lastName?: string;
    readonly mediaTypes: readonly string[];
    readonly values: readonly string[];
    readonly defaultValue?: string;
  }[];
  readonly response: { readonly fileName?: string };
};

/** A sample file name for an upload of these media types: `document.pdf`, `report.docx`, `photo-2.jpg`. */
function sampleFile(mediaTypes: readonly string[], index: number | undefined): string {
  const number = index === undefined ? '' : `-${index + 1}`;
  if (mediaTypes.includes('application/pdf')) return `document${number}.pdf`;
  if (mediaTypes.some((type) => type.startsWith('image/'))) return `photo${number}.jpg`;
  return `report${number}.docx`;
}

/** Between two lines of a curl command: a backslash, a line break and an indent. */
export const CURL_LINE_BREAK = ' \\\n  ';

/** Single-quoted for a POSIX shell. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A working curl command for an endpoint on the site's public origin: the listed file fields (sample names by type)
 * and every option that has a set of values (its default, else its first value); optional page lists and passwords
 * are left out. A file answer is saved under its own name.
 */
export function curlExample(endpoint: CurlEndpoint, origin: string): string {
  const url = `${origin}${endpoint.path}`;
  if (endpoint.method === 'GET') return `curl ${quote(url)}`;
  const fields: string[] = [];
  for (const param of endpoint.params) {
    if (param.lastName !== undefined) continue;
    if (param.kind === 'file') fields.push(`${param.name}=@${sampleFile(param.mediaTypes, param.index)}`);
    else if (param.kind === 'option' && param.values.length > 0) {
      fields.push(`${param.name}=${param.defaultValue ?? param.values[0]}`);
    }
  }
  const lines = [`curl ${quote(url)}`, ...fields.map((field) => `-F ${quote(field)}`)];
  if (endpoint.response.fileName) lines.push(`-o ${quote(endpoint.response.fileName)}`);
  return lines.join(CURL_LINE_BREAK);
}
