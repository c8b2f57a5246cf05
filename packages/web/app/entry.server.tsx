import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Renders a page at build time (the site is prerendered: `ssr: false`). As React Router's default, except that the
 * page is written whole once everything is rendered, and that no `<Suspense>` boundary is ever outlined: React
 * would otherwise write a large boundary after the rest, as a hidden template that a script puts in place, which
 * moves content as the page paints. The boundaries stay, so that the browser hydrates them after the rest
 * (`HydrateLater`).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let status = responseStatusCode;
  const stream = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      status = 500;
      console.error(error);
    },
  });
  await stream.allReady;
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(stream, { headers: responseHeaders, status });
}
