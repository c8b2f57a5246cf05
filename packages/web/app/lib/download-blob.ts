/** Saves the blob behind an object URL under a file name (the URL's owner revokes it). */
export function downloadBlob(blobUrl: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
