/** What a curl example needs to know of an endpoint (a subset of `EndpointDoc`). */
export type CurlEndpoint = {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly params: readonly {
    readonly name: string;
    readonly kind: 'file' | 'password' | 'option' | 'path';
    readonly isRequired: boolean;
    readonly index?: number;
    readonly lastName?: string;
    readonly mediaTypes: readonly string[];
    readonly values: readonly string[];
    readonly defaultValue?: string;
    readonly examples?: readonly string[];
  }[];
  readonly response: { readonly fileNames: readonly string[]; readonly contentTypes: readonly string[] };
};

/**
 * A sample file name for an upload of these media types: `document.pdf`, `report.docx`, `report.xlsx`,
 * `report.pptx`, `page.html`, `photo-2.jpg`.
 */
function sampleFile(mediaTypes: readonly string[], index: number | undefined): string {
  const number = index === undefined ? '' : `-${index + 1}`;
  if (mediaTypes.includes('application/pdf')) return `document${number}.pdf`;
  if (mediaTypes.some((type) => type.startsWith('image/'))) return `photo${number}.jpg`;
  if (mediaTypes.includes('application/x-pkcs12')) return `certificate${number}.p12`;
  if (mediaTypes.includes('text/csv')) return `report${number}.xlsx`;
  if (mediaTypes.includes('application/vnd.ms-powerpoint')) return `report${number}.pptx`;
  if (mediaTypes.includes('text/html')) return `page${number}.html`;
  return `report${number}.docx`;
}

/** Between two lines of a curl command: a backslash, a line break and an indent. */
export const CURL_LINE_BREAK = ' \\\n  ';

/** Single-quoted for a POSIX shell. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The path with each of its parameters (`{id}`) replaced by the parameter's example. */
function examplePath(endpoint: CurlEndpoint): string {
  return endpoint.params
    .filter((param) => param.kind === 'path')
    .reduce(
      (path, param) => path.replace(`{${param.name}}`, param.examples?.[0] ?? param.name),
      endpoint.path,
    );
}

/** What curl does with the answer: keep an event stream unbuffered, save a file under its name. */
function answerFlags({ fileNames, contentTypes }: CurlEndpoint['response']): string[] {
  if (contentTypes.includes('text/event-stream')) return ['-N'];
  // A result is named after the file sent: curl takes its name from `Content-Disposition`.
  if (fileNames.length > 0) return ['-OJ'];
  return [];
}

/**
 * A working curl command for an endpoint on the site's public origin: the path's parameters by their examples,
 * the listed file fields (sample names by type), every option that has a set of values (its default, else its
 * example, else its first value) and every required one with an example (Sign PDF's placements); optional page lists and passwords are left out. A file answer is saved under the
 * name the server gives it. The URL comes first, then the options, one per line.
 */
export function curlExample(endpoint: CurlEndpoint, origin: string): string {
  const lines = [`curl ${quote(`${origin}${examplePath(endpoint)}`)}`];
  if (endpoint.method === 'DELETE') lines.push('-X DELETE');
  for (const param of endpoint.params) {
    if (param.lastName !== undefined) continue;
    if (param.kind === 'file') {
      lines.push(`-F ${quote(`${param.name}=@${sampleFile(param.mediaTypes, param.index)}`)}`);
    } else if (
      param.kind === 'option' &&
      (param.values.length > 0 || (param.isRequired && param.examples?.[0]))
    ) {
      const value = param.defaultValue ?? param.examples?.[0] ?? param.values[0];
      lines.push(`-F ${quote(`${param.name}=${value}`)}`);
    }
  }
  lines.push(...answerFlags(endpoint.response));
  return lines.join(CURL_LINE_BREAK);
}
