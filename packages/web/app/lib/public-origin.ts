/**
 * The address visitors and search engines reach the site at: an absolute http(s) origin (scheme, host and an
 * optional port), with no path, query or fragment. Canonical URLs, `hreflang` alternates, structured data, the
 * sitemap and share images are built from it.
 */
export function parsePublicOrigin(raw: string, name = 'QUIRE_PUBLIC_ORIGIN'): string {
  const value = raw.trim();
  const fail = (reason: string): never => {
    throw new Error(
      `${name} must be an absolute http(s) origin such as https://pdf.example.org (${reason}), not "${raw}".`,
    );
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('the scheme must be http or https');
  if (url.username !== '' || url.password !== '') fail('no user name or password');
  if (url.pathname !== '/' || /[?#]/.test(value)) fail('no path, query or fragment');
  return url.origin;
}
